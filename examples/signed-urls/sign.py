#!/usr/bin/env python3
"""Sign a URL for Tributary signed URLs (Ed25519).

The scheme is defined in "Guides/Signed URLs/Generating Signatures". Python 3.8 or later. The
signature comes from the `cryptography` package when it is installed; otherwise a pure-Python
RFC 8032 implementation below signs instead (set TRIBUTARY_SIGN_PURE_PYTHON=1 to force it). Both
produce the same bytes: Ed25519 signatures are deterministic.

    python3 sign.py --key private.pem --kid media-2026-q1 --ttl 3600 \\
        https://www.example.com/downloads/tool.tar.gz
"""

import argparse
import base64
import hashlib
import ipaddress
import os
import re
import sys
import time

VERSION_LINE = "TRIBUTARY-URL-V1"
RESERVED = {"exp", "ip", "path", "kid", "sig"}
UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
PATH_SAFE = UNRESERVED + "!$&'()*+,;=:@/"
QUERY_SAFE = UNRESERVED + "!$'()*+,;:@/?"
HEX_DIGITS = "0123456789abcdefABCDEF"
PKCS8_ED25519_PREFIX = bytes.fromhex("302e020100300506032b657004220420")


def normalize_component(text, safe):
    """Percent-encoding normalization shared by the path, the query and the `path` prefix."""
    data = text.encode("utf-8")
    out = []
    i = 0
    while i < len(data):
        b = data[i]
        if b == 0x25 and i + 2 < len(data) and chr(data[i + 1]) in HEX_DIGITS and chr(data[i + 2]) in HEX_DIGITS:
            value = int(data[i + 1 : i + 3].decode("ascii"), 16)
            out.append(chr(value) if chr(value) in UNRESERVED else "%%%02X" % value)
            i += 3
            continue
        out.append(chr(b) if b < 0x80 and chr(b) in safe else "%%%02X" % b)
        i += 1
    return "".join(out)


def split_url(url):
    """Splits an absolute http(s) URL into its lowercased host, raw path, raw query and fragment."""
    base, hash_sign, fragment = url.partition("#")
    match = re.match(r"^https?://([^/?]*)(.*)$", base, re.IGNORECASE | re.DOTALL)
    if not match:
        raise ValueError("The URL must be absolute and start with http:// or https://")
    authority, rest = match.group(1), match.group(2)
    if "@" in authority:
        raise ValueError("The URL must not contain user information")
    if authority.startswith("["):
        host = authority[: authority.find("]") + 1]
    else:
        host = authority.split(":")[0]
    host = host.lower()
    if not host:
        raise ValueError("The URL has no host")
    path, question, query = rest.partition("?")
    return {
        "base": base,
        "fragment": fragment if hash_sign else None,
        "host": host,
        "path": path or "/",
        "query": query if question else None,
    }


def normalize_path(path):
    normalized = normalize_component(path, PATH_SAFE)
    if any(segment in (".", "..") for segment in normalized.split("/")):
        raise ValueError('The path %s contains "." or ".." segments; remove them before signing' % path)
    return normalized


def canonical_query(query):
    """The canonical query: every parameter except the reserved ones, normalized and sorted."""
    if not query:
        return ""
    pairs = []
    for item in query.split("&"):
        if item == "":
            continue
        name, _, value = item.partition("=")
        name = normalize_component(name, QUERY_SAFE)
        value = normalize_component(value, QUERY_SAFE)
        if name in RESERVED:
            raise ValueError('The URL already carries the reserved parameter "%s"' % name)
        pairs.append((name, value))
    pairs.sort()
    return "&".join("%s=%s" % pair for pair in pairs)


def check_ip(ip):
    address, slash, length = ip.partition("/")
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        raise ValueError("--ip must be an IPv4 or IPv6 address or CIDR range, not %s" % ip)
    if slash:
        if not re.match(r"^(0|[1-9][0-9]{0,2})$", length) or int(length) > parsed.max_prefixlen:
            raise ValueError("The prefix length of %s is not valid" % ip)


# --- Ed25519 signing (RFC 8032, section 5.1), used when `cryptography` is not installed ---
_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_GY = 4 * pow(5, _P - 2, _P) % _P


def _recover_x(y, sign):
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P)
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P != 0:
        x = x * pow(2, (_P - 1) // 4, _P) % _P
    if x & 1 != sign:
        x = _P - x
    return x


_G = (_recover_x(_GY, 0), _GY, 1, _recover_x(_GY, 0) * _GY % _P)


def _add(a, b):
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % _P
    bb = (y1 + x1) * (y2 + x2) % _P
    cc = 2 * t1 * t2 * _D % _P
    dd = 2 * z1 * z2 % _P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _multiply(scalar, point):
    result = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _encode_point(point):
    x, y, z, _ = point
    zinv = pow(z, _P - 2, _P)
    x, y = x * zinv % _P, y * zinv % _P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def pure_python_sign(seed, message):
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar &= (1 << 254) - 8
    scalar |= 1 << 254
    public = _encode_point(_multiply(scalar, _G))
    r = int.from_bytes(hashlib.sha512(digest[32:] + message).digest(), "little") % _L
    big_r = _encode_point(_multiply(r, _G))
    k = int.from_bytes(hashlib.sha512(big_r + public + message).digest(), "little") % _L
    s = (r + k * scalar) % _L
    return big_r + s.to_bytes(32, "little")


def ed25519_sign(seed, message):
    if os.environ.get("TRIBUTARY_SIGN_PURE_PYTHON") != "1":
        try:
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        except ImportError:
            pass
        else:
            return Ed25519PrivateKey.from_private_bytes(seed).sign(message)
    return pure_python_sign(seed, message)


def seed_from_pem(pem):
    """The 32-byte seed of an unencrypted PKCS#8 Ed25519 private key (-----BEGIN PRIVATE KEY-----)."""
    body = re.sub(r"-----(BEGIN|END) PRIVATE KEY-----|\s", "", pem)
    der = base64.b64decode(body)
    if len(der) != 48 or not der.startswith(PKCS8_ED25519_PREFIX):
        raise ValueError("The key is not an unencrypted PKCS#8 Ed25519 private key")
    return der[16:]


def sign_url(url, seed, kid, exp, ip=None, path=None):
    """Returns (canonical string, sig, signed URL)."""
    if not re.match(r"^[A-Za-z0-9_-]{1,32}$", kid):
        raise ValueError("--kid must be 1 to 32 of A-Z a-z 0-9 _ -")
    if not 1 <= exp <= 9999999999:
        raise ValueError("--exp must be Unix seconds")
    if ip is not None:
        check_ip(ip)
    parts = split_url(url)
    request_path = normalize_path(parts["path"])
    query = canonical_query(parts["query"])
    scope_line = "path:" + request_path
    if path is not None:
        if not re.match(r"^/([A-Za-z0-9\-._~!$'()*,;:@/]|%[0-9A-Fa-f]{2})*$", path):
            raise ValueError("--path must start with / and use only A-Z a-z 0-9 - . _ ~ ! $ ' ( ) * , ; : @ / and %XX")
        prefix = normalize_path(path)
        if not request_path.startswith(prefix):
            raise ValueError("The URL path is outside the prefix %s" % path)
        scope_line = "prefix:" + prefix
    canonical = "\n".join(
        [
            VERSION_LINE,
            "host:" + parts["host"],
            scope_line,
            "query:" + ("" if path is not None else query),
            "exp:%d" % exp,
            "ip:" + (ip or ""),
            "kid:" + kid,
        ]
    )
    sig = base64.urlsafe_b64encode(ed25519_sign(seed, canonical.encode("utf-8"))).decode("ascii").rstrip("=")
    params = "exp=%d" % exp
    if ip is not None:
        params += "&ip=" + ip
    if path is not None:
        params += "&path=" + path
    params += "&kid=%s&sig=%s" % (kid, sig)
    base = parts["base"]
    if "?" not in base:
        separator = "?"
    elif base.endswith("?") or base.endswith("&"):
        separator = ""
    else:
        separator = "&"
    fragment = "" if parts["fragment"] is None else "#" + parts["fragment"]
    return canonical, sig, base + separator + params + fragment


def positive_integer(text):
    if not re.match(r"^[1-9][0-9]{0,9}$", text):
        raise argparse.ArgumentTypeError("must be a positive integer")
    return int(text)


def main():
    parser = argparse.ArgumentParser(description="Sign a URL for Tributary.")
    key = parser.add_mutually_exclusive_group(required=True)
    key.add_argument("--key", help="PKCS#8 PEM file of the Ed25519 private key")
    key.add_argument("--seed-hex", help="32-byte Ed25519 seed in hexadecimal (test vectors)")
    parser.add_argument("--kid", required=True, help="key_id of the URL signing key")
    parser.add_argument("--exp", type=positive_integer, help="expiry, in Unix seconds")
    parser.add_argument("--ttl", type=positive_integer, default=3600, help="lifetime in seconds (default 3600)")
    parser.add_argument("--ip", help="client IPv4 or IPv6 address or CIDR range")
    parser.add_argument("--path", help="path prefix the signature covers")
    parser.add_argument("--canonical", action="store_true", help="print the canonical string")
    parser.add_argument("url")
    args = parser.parse_args()
    try:
        if args.key:
            with open(args.key, encoding="ascii") as handle:
                seed = seed_from_pem(handle.read())
        else:
            if not re.match(r"^[0-9a-fA-F]{64}$", args.seed_hex):
                raise ValueError("--seed-hex must be 64 hexadecimal characters")
            seed = bytes.fromhex(args.seed_hex)
        exp = args.exp if args.exp is not None else int(time.time()) + args.ttl
        canonical, _, signed_url = sign_url(args.url, seed, args.kid, exp, args.ip, args.path)
    except (OSError, ValueError) as error:
        print("error: %s" % error, file=sys.stderr)
        return 1
    sys.stdout.write((canonical if args.canonical else signed_url) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
