// Command sign signs a URL for Tributary signed URLs (Ed25519), as defined in
// "Guides/Signed URLs/Generating Signatures". Go 1.18 or later, standard library only.
//
//	go run sign.go --key private.pem --kid media-2026-q1 --ttl 3600 \
//	  https://www.example.com/downloads/tool.tar.gz
//
// Options come before the URL.
package main

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

const (
	versionLine = "TRIBUTARY-URL-V1"
	unreserved  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	pathSafe    = unreserved + "!$&'()*+,;=:@/"
	querySafe   = unreserved + "!$'()*+,;:@/?"
	hexUpper    = "0123456789ABCDEF"
)

var (
	reserved     = map[string]bool{"exp": true, "ip": true, "path": true, "kid": true, "sig": true}
	urlPattern   = regexp.MustCompile(`(?is)^https?://([^/?]*)(.*)$`)
	kidPattern   = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)
	prefixChars  = regexp.MustCompile(`^/([A-Za-z0-9\-._~!$'()*,;:@/]|%[0-9A-Fa-f]{2})*$`)
	intPattern   = regexp.MustCompile(`^[1-9][0-9]{0,9}$`)
	lengthSyntax = regexp.MustCompile(`^(0|[1-9][0-9]{0,2})$`)
)

func isHex(b byte) bool {
	return (b >= '0' && b <= '9') || (b >= 'A' && b <= 'F') || (b >= 'a' && b <= 'f')
}

// normalizeComponent is the percent-encoding normalization shared by the path, the query and the
// `path` prefix.
func normalizeComponent(text, safe string) string {
	var out strings.Builder
	data := []byte(text)
	for i := 0; i < len(data); i++ {
		b := data[i]
		if b == '%' && i+2 < len(data) && isHex(data[i+1]) && isHex(data[i+2]) {
			value, _ := strconv.ParseUint(string(data[i+1:i+3]), 16, 8)
			if strings.IndexByte(unreserved, byte(value)) >= 0 {
				out.WriteByte(byte(value))
			} else {
				out.WriteByte('%')
				out.WriteByte(hexUpper[value>>4])
				out.WriteByte(hexUpper[value&15])
			}
			i += 2
		} else if b < 0x80 && strings.IndexByte(safe, b) >= 0 {
			out.WriteByte(b)
		} else {
			out.WriteByte('%')
			out.WriteByte(hexUpper[b>>4])
			out.WriteByte(hexUpper[b&15])
		}
	}
	return out.String()
}

type urlParts struct {
	base, host, path string
	query, fragment  *string
}

// splitURL splits an absolute http(s) URL into its lowercased host, raw path, raw query and fragment.
func splitURL(url string) (urlParts, error) {
	var parts urlParts
	base := url
	if at := strings.IndexByte(url, '#'); at >= 0 {
		base = url[:at]
		fragment := url[at+1:]
		parts.fragment = &fragment
	}
	match := urlPattern.FindStringSubmatch(base)
	if match == nil {
		return parts, errors.New("the URL must be absolute and start with http:// or https://")
	}
	authority, rest := match[1], match[2]
	if strings.Contains(authority, "@") {
		return parts, errors.New("the URL must not contain user information")
	}
	host := strings.Split(authority, ":")[0]
	if strings.HasPrefix(authority, "[") {
		host = authority[:strings.IndexByte(authority, ']')+1]
	}
	parts.base, parts.host = base, strings.ToLower(host)
	if parts.host == "" {
		return parts, errors.New("the URL has no host")
	}
	parts.path = rest
	if at := strings.IndexByte(rest, '?'); at >= 0 {
		parts.path = rest[:at]
		query := rest[at+1:]
		parts.query = &query
	}
	if parts.path == "" {
		parts.path = "/"
	}
	return parts, nil
}

func normalizePath(path string) (string, error) {
	normalized := normalizeComponent(path, pathSafe)
	for _, segment := range strings.Split(normalized, "/") {
		if segment == "." || segment == ".." {
			return "", fmt.Errorf("the path %s contains \".\" or \"..\" segments; remove them before signing", path)
		}
	}
	return normalized, nil
}

// canonicalQuery returns every parameter except the reserved ones, normalized and sorted.
func canonicalQuery(query *string) (string, error) {
	if query == nil || *query == "" {
		return "", nil
	}
	var pairs [][2]string
	for _, item := range strings.Split(*query, "&") {
		if item == "" {
			continue
		}
		name, value := item, ""
		if eq := strings.IndexByte(item, '='); eq >= 0 {
			name, value = item[:eq], item[eq+1:]
		}
		name, value = normalizeComponent(name, querySafe), normalizeComponent(value, querySafe)
		if reserved[name] {
			return "", fmt.Errorf("the URL already carries the reserved parameter %q", name)
		}
		pairs = append(pairs, [2]string{name, value})
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i][0] != pairs[j][0] {
			return pairs[i][0] < pairs[j][0]
		}
		return pairs[i][1] < pairs[j][1]
	})
	items := make([]string, len(pairs))
	for i, pair := range pairs {
		items[i] = pair[0] + "=" + pair[1]
	}
	return strings.Join(items, "&"), nil
}

func checkIP(ip string) error {
	address, length, hasLength := strings.Cut(ip, "/")
	parsed := net.ParseIP(address)
	if parsed == nil || strings.Contains(length, "/") {
		return fmt.Errorf("--ip must be an IPv4 or IPv6 address or CIDR range, not %s", ip)
	}
	if hasLength {
		maxLength := 128
		if strings.Contains(address, ".") && !strings.Contains(address, ":") {
			maxLength = 32
		}
		n, err := strconv.Atoi(length)
		if !lengthSyntax.MatchString(length) || err != nil || n > maxLength {
			return fmt.Errorf("the prefix length of %s is not valid", ip)
		}
	}
	return nil
}

// signURL returns the canonical string and the signed URL. ip and path are empty when not used.
func signURL(url string, key ed25519.PrivateKey, kid string, exp int64, ip, path string) (string, string, error) {
	if !kidPattern.MatchString(kid) {
		return "", "", errors.New("--kid must be 1 to 32 of A-Z a-z 0-9 _ -")
	}
	if exp < 1 || exp > 9999999999 {
		return "", "", errors.New("--exp must be Unix seconds")
	}
	if ip != "" {
		if err := checkIP(ip); err != nil {
			return "", "", err
		}
	}
	parts, err := splitURL(url)
	if err != nil {
		return "", "", err
	}
	requestPath, err := normalizePath(parts.path)
	if err != nil {
		return "", "", err
	}
	query, err := canonicalQuery(parts.query)
	if err != nil {
		return "", "", err
	}
	scopeLine := "path:" + requestPath
	if path != "" {
		if !prefixChars.MatchString(path) {
			return "", "", errors.New("--path must start with / and use only A-Z a-z 0-9 - . _ ~ ! $ ' ( ) * , ; : @ / and %XX")
		}
		prefix, err := normalizePath(path)
		if err != nil {
			return "", "", err
		}
		if !strings.HasPrefix(requestPath, prefix) {
			return "", "", fmt.Errorf("the URL path is outside the prefix %s", path)
		}
		scopeLine = "prefix:" + prefix
		query = ""
	}
	canonical := strings.Join([]string{
		versionLine,
		"host:" + parts.host,
		scopeLine,
		"query:" + query,
		"exp:" + strconv.FormatInt(exp, 10),
		"ip:" + ip,
		"kid:" + kid,
	}, "\n")
	sig := base64.RawURLEncoding.EncodeToString(ed25519.Sign(key, []byte(canonical)))
	params := "exp=" + strconv.FormatInt(exp, 10)
	if ip != "" {
		params += "&ip=" + ip
	}
	if path != "" {
		params += "&path=" + path
	}
	params += "&kid=" + kid + "&sig=" + sig
	separator := "&"
	if !strings.Contains(parts.base, "?") {
		separator = "?"
	} else if strings.HasSuffix(parts.base, "?") || strings.HasSuffix(parts.base, "&") {
		separator = ""
	}
	signed := parts.base + separator + params
	if parts.fragment != nil {
		signed += "#" + *parts.fragment
	}
	return canonical, signed, nil
}

func loadKey(keyFile, seedHex string) (ed25519.PrivateKey, error) {
	if seedHex != "" {
		seed, err := hex.DecodeString(seedHex)
		if err != nil || len(seed) != ed25519.SeedSize {
			return nil, errors.New("--seed-hex must be 64 hexadecimal characters")
		}
		return ed25519.NewKeyFromSeed(seed), nil
	}
	data, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, errors.New("the key file is not a PKCS#8 PEM private key")
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	key, ok := parsed.(ed25519.PrivateKey)
	if !ok {
		return nil, errors.New("the private key is not an Ed25519 key")
	}
	return key, nil
}

func run() error {
	keyFile := flag.String("key", "", "PKCS#8 PEM file of the Ed25519 private key")
	seedHex := flag.String("seed-hex", "", "32-byte Ed25519 seed in hexadecimal (test vectors)")
	kid := flag.String("kid", "", "key_id of the URL signing key")
	expText := flag.String("exp", "", "expiry, in Unix seconds")
	ttlText := flag.String("ttl", "3600", "lifetime in seconds")
	ip := flag.String("ip", "", "client IPv4 or IPv6 address or CIDR range")
	path := flag.String("path", "", "path prefix the signature covers")
	printCanonical := flag.Bool("canonical", false, "print the canonical string instead of the signed URL")
	flag.Parse()
	if flag.NArg() != 1 || *kid == "" || (*keyFile == "") == (*seedHex == "") {
		return errors.New("usage: go run sign.go (--key FILE | --seed-hex HEX) --kid KEY_ID [--exp UNIX | --ttl SECONDS] [--ip CIDR] [--path PREFIX] [--canonical] URL")
	}
	key, err := loadKey(*keyFile, *seedHex)
	if err != nil {
		return err
	}
	for _, value := range []string{*expText, *ttlText} {
		if value != "" && !intPattern.MatchString(value) {
			return errors.New("--exp and --ttl must be positive integers")
		}
	}
	var exp int64
	if *expText != "" {
		exp, _ = strconv.ParseInt(*expText, 10, 64)
	} else {
		ttl, _ := strconv.ParseInt(*ttlText, 10, 64)
		exp = time.Now().Unix() + ttl
	}
	canonical, signed, err := signURL(flag.Arg(0), key, *kid, exp, *ip, *path)
	if err != nil {
		return err
	}
	if *printCanonical {
		fmt.Println(canonical)
	} else {
		fmt.Println(signed)
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}
