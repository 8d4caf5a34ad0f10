import {useId, useState, type FormEvent, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import vectors from '@site/docs/Guides/Signed URLs/test-vectors.json';
import {SignInputError, canonicalString, importSigningKey, inputProblems, signUrl, type SignField} from './sign';
import styles from './styles.module.css';

type ExpiryMode = 'absolute' | 'relative';

interface Inputs {
  key: string;
  url: string;
  kid: string;
  expiryMode: ExpiryMode;
  exp: string;
  ttl: string;
  ip: string;
  path: string;
}

interface Result {
  canonical: string;
  signedUrl: string;
  exp: number;
}

// The form starts on the `plain` test vector, so a first "Sign URL" reproduces a published result.
const INITIAL: Inputs = {
  key: vectors.private_key_pem.trim(),
  url: vectors.cases[0].url,
  kid: vectors.kid,
  expiryMode: 'absolute',
  exp: String(vectors.exp),
  ttl: '3600',
  ip: '',
  path: '',
};

const WHOLE_SECONDS = /^[1-9][0-9]{0,9}$/;

function utc(exp: number): string {
  return new Date(exp * 1000).toISOString().replace('.000Z', 'Z');
}

/** The expiry in Unix seconds, or a SignInputError for the expiry field. */
function expiryOf(inputs: Inputs, now: number): number {
  const text = (inputs.expiryMode === 'absolute' ? inputs.exp : inputs.ttl).trim();
  if (!WHOLE_SECONDS.test(text)) {
    throw new SignInputError(
      'exp',
      inputs.expiryMode === 'absolute'
        ? 'Enter the expiry as a Unix time: a whole number of seconds such as 1767225600, without leading zeros.'
        : 'Enter the lifetime as a whole number of seconds, such as 3600 for one hour.',
    );
  }
  return inputs.expiryMode === 'absolute' ? Number(text) : Math.floor(now / 1000) + Number(text);
}

/** The canonical string of the initial inputs, so the page shows it before any script runs. */
function initialCanonical(): string {
  return canonicalString({url: INITIAL.url, kid: INITIAL.kid, exp: Number(INITIAL.exp)}).canonical;
}

/**
 * Signs a URL for Tributary in the browser: the private key is imported into WebCrypto
 * (non-extractable) and the canonical string is signed with Ed25519. Nothing is sent or stored:
 * the fields have no `name`, so even a native form submission carries none of them.
 */
export default function SignedUrlGenerator(): ReactNode {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: SignField) => `${id}-${field}-error`;
  const [inputs, setInputs] = useState<Inputs>(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<SignField, string>>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [status, setStatus] = useState('');
  const [copyStatus, setCopyStatus] = useState('');
  const [busy, setBusy] = useState(false);
  // False on the server and during hydration: the button stays disabled until signing can run.
  const hydrated = useIsBrowser();

  const update = (field: keyof Inputs) => (event: {target: {value: string}}) => {
    const value = event.target.value;
    setInputs((current) => ({...current, [field]: value}));
  };

  async function sign(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setCopyStatus('');
    const found: Partial<Record<SignField, string>> = {};
    const note = (error: unknown) => {
      if (error instanceof SignInputError) found[error.field] ??= error.message;
      else throw error;
    };
    let exp = 0;
    try {
      exp = expiryOf(inputs, Date.now());
    } catch (error) {
      note(error);
    }
    const request = {
      url: inputs.url.trim(),
      kid: inputs.kid.trim(),
      exp,
      ip: inputs.ip.trim() === '' ? null : inputs.ip.trim(),
      path: inputs.path.trim() === '' ? null : inputs.path.trim(),
    };
    // Every wrong field gets its message at once, not only the first one.
    Object.assign(found, {...inputProblems({...request, exp: found.exp ? 1 : exp}), ...found});
    let key: CryptoKey | null = null;
    try {
      key = await importSigningKey(inputs.key);
    } catch (error) {
      note(error);
    }
    try {
      if (Object.keys(found).length > 0 || key === null) {
        setErrors(found);
        setResult(null);
        const count = Object.keys(found).length;
        setStatus(`Not signed: ${count === 1 ? 'one field needs' : `${count} fields need`} attention.`);
        return;
      }
      const signed = await signUrl(request, key);
      setErrors({});
      setResult({canonical: signed.canonical, signedUrl: signed.signedUrl, exp});
      setStatus(`Signed. The URL is valid until ${utc(exp)} (plus 60 seconds of clock tolerance).`);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.signedUrl);
      setCopyStatus('Copied to the clipboard.');
    } catch {
      setCopyStatus('The browser refused the clipboard: select the URL and copy it.');
    }
  }

  const describedBy = (field: SignField, hint?: string) =>
    [hint, errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: SignField) =>
    errors[field] ? (
      <p id={errorId(field)} className={styles.error}>
        {errors[field]}
      </p>
    ) : null;
  const expPreview = WHOLE_SECONDS.test(inputs.exp.trim()) ? `${utc(Number(inputs.exp.trim()))} (UTC)` : '';

  return (
    <form className={styles.generator} onSubmit={sign} noValidate aria-labelledby={fieldId('title')}>
      <p id={fieldId('title')} className={styles.title}>
        Signed URL generator
      </p>
      <div className={styles.field}>
        <label htmlFor={fieldId('key')}>Private key (PKCS#8 PEM, or the 32-byte seed in hexadecimal)</label>
        <textarea
          id={fieldId('key')}
          className={styles.input}
          rows={4}
          value={inputs.key}
          onChange={update('key')}
          spellCheck={false}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          aria-invalid={errors.key ? true : undefined}
          aria-describedby={describedBy('key', fieldId('key-hint'))}
        />
        <p id={fieldId('key-hint')} className={styles.hint}>
          Filled in with the test vectors&apos; key. The key stays in this page: it is imported into your browser&apos;s
          WebCrypto, never sent or stored. Use test keys here, and sign production URLs on your servers.
        </p>
        {fieldError('key')}
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('url')}>URL to sign</label>
        <input
          id={fieldId('url')}
          className={styles.input}
          type="text"
          inputMode="url"
          value={inputs.url}
          onChange={update('url')}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy('url')}
        />
        {fieldError('url')}
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={fieldId('kid')}>Key ID (kid)</label>
          <input
            id={fieldId('kid')}
            className={styles.input}
            type="text"
            value={inputs.kid}
            onChange={update('kid')}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errors.kid ? true : undefined}
            aria-describedby={describedBy('kid')}
          />
          {fieldError('kid')}
        </div>
        <fieldset className={styles.fieldset} aria-describedby={describedBy('exp')}>
          <legend>Expiry (exp)</legend>
          <div className={styles.choice}>
            <input
              id={fieldId('mode-absolute')}
              type="radio"
              name={fieldId('expiry-mode')}
              checked={inputs.expiryMode === 'absolute'}
              onChange={() => setInputs((current) => ({...current, expiryMode: 'absolute'}))}
            />
            <label htmlFor={fieldId('mode-absolute')}>At a Unix time</label>
          </div>
          <div className={styles.choice}>
            <input
              id={fieldId('mode-relative')}
              type="radio"
              name={fieldId('expiry-mode')}
              checked={inputs.expiryMode === 'relative'}
              onChange={() => setInputs((current) => ({...current, expiryMode: 'relative'}))}
            />
            <label htmlFor={fieldId('mode-relative')}>Seconds from now</label>
          </div>
          {inputs.expiryMode === 'absolute' ? (
            <>
              <label htmlFor={fieldId('exp')}>Unix time, in seconds</label>
              <input
                id={fieldId('exp')}
                className={styles.input}
                type="text"
                inputMode="numeric"
                value={inputs.exp}
                onChange={update('exp')}
                autoComplete="off"
                aria-invalid={errors.exp ? true : undefined}
                aria-describedby={describedBy('exp', fieldId('exp-hint'))}
              />
              <p id={fieldId('exp-hint')} className={styles.hint}>
                {expPreview ? `That is ${expPreview}.` : 'A whole number of seconds since 1970-01-01T00:00:00Z.'}
              </p>
            </>
          ) : (
            <>
              <label htmlFor={fieldId('ttl')}>Lifetime, in seconds</label>
              <input
                id={fieldId('ttl')}
                className={styles.input}
                type="text"
                inputMode="numeric"
                value={inputs.ttl}
                onChange={update('ttl')}
                autoComplete="off"
                aria-invalid={errors.exp ? true : undefined}
                aria-describedby={describedBy('exp', fieldId('ttl-hint'))}
              />
              <p id={fieldId('ttl-hint')} className={styles.hint}>
                Added to your computer&apos;s clock when you sign.
              </p>
            </>
          )}
          {fieldError('exp')}
        </fieldset>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={fieldId('ip')}>Client IP address or CIDR range (optional)</label>
          <input
            id={fieldId('ip')}
            className={styles.input}
            type="text"
            value={inputs.ip}
            placeholder="203.0.113.0/24"
            onChange={update('ip')}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errors.ip ? true : undefined}
            aria-describedby={describedBy('ip')}
          />
          {fieldError('ip')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('path')}>Path prefix scope (optional)</label>
          <input
            id={fieldId('path')}
            className={styles.input}
            type="text"
            value={inputs.path}
            placeholder="/videos/8f3a2c/"
            onChange={update('path')}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errors.path ? true : undefined}
            aria-describedby={describedBy('path')}
          />
          {fieldError('path')}
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={!hydrated || busy}>
        Sign URL
      </button>
      <p className={styles.status} role="status">
        {hydrated
          ? status
          : 'Signing runs in your browser and needs JavaScript; the sample programs below sign the same way.'}
      </p>
      <div className={styles.results}>
        <p className={styles.resultLabel} id={fieldId('canonical-label')}>
          Canonical string{result ? '' : ' of the URL above, before signing'}
        </p>
        <pre className={styles.output}>
          <code>{result ? result.canonical : initialCanonical()}</code>
        </pre>
        {result && (
          <>
            <p className={styles.resultLabel} id={fieldId('signed-label')}>
              Signed URL
            </p>
            <pre className={styles.output} data-testid="signed-url">
              <code>{result.signedUrl}</code>
            </pre>
            <button type="button" className="button button--secondary button--sm" onClick={copy}>
              Copy signed URL
            </button>
            <span className={styles.copyStatus} role="status">
              {copyStatus}
            </span>
          </>
        )}
      </div>
    </form>
  );
}
