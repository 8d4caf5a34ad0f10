import {useState, type FormEvent, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import vectors from '@site/docs/Guides/Signed URLs/test-vectors.json';
import {SignInputError, canonicalString, importSigningKey, inputProblems, signUrl, type SignField} from './sign';
import Field, {Choice, FieldError, TextField} from '@site/src/components/ToolForm/Field';
import form from '@site/src/components/ToolForm/styles.module.css';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';
import {useIslandId} from '@site/plugins/startup/island-ids';

type ExpiryMode = 'absolute' | 'relative';

const EXPIRY_MODES: readonly (readonly [ExpiryMode, string])[] = [
  ['absolute', 'At a Unix time'],
  ['relative', 'Seconds from now'],
];

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
function SignedUrlGenerator(): ReactNode {
  const id = useIslandId();
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

  const setExpiryMode = (expiryMode: ExpiryMode) => setInputs((current) => ({...current, expiryMode}));
  // The text fields the signing reads as typed; the key and the expiry have fields of their own.
  const textField = (
    field: 'url' | 'kid' | 'ip' | 'path',
    label: string,
    input: {inputMode?: 'url'; placeholder?: string},
  ) => (
    <TextField
      id={fieldId(field)}
      label={label}
      error={errors[field]}
      type="text"
      {...input}
      value={inputs[field]}
      onChange={update(field)}
      spellCheck={false}
      autoComplete="off"
    />
  );
  // One field at a time, for the chosen expiry mode; its message is shown once, under the fieldset.
  const expiryField = inputs.expiryMode === 'absolute' ? 'exp' : 'ttl';
  const expiryError = errors.exp ? errorId('exp') : undefined;
  const expPreview = WHOLE_SECONDS.test(inputs.exp.trim()) ? `${utc(Number(inputs.exp.trim()))} (UTC)` : '';
  const expiryHint =
    expiryField === 'ttl'
      ? "Added to your computer's clock when you sign."
      : expPreview
        ? `That is ${expPreview}.`
        : 'A whole number of seconds since 1970-01-01T00:00:00Z.';

  return (
    <form className={styles.generator} onSubmit={sign} noValidate aria-labelledby={fieldId('title')}>
      <p id={fieldId('title')} className={form.title}>
        Signed URL generator
      </p>
      <Field
        id={fieldId('key')}
        label="Private key (PKCS#8 PEM, or the 32-byte seed in hexadecimal)"
        hint={
          <>
            Filled in with the test vectors&apos; key. The key stays in this page: it is imported into your
            browser&apos;s WebCrypto, never sent or stored. Use test keys here, and sign production URLs on your
            servers.
          </>
        }
        error={errors.key}
      >
        {(control) => (
          <textarea
            {...control}
            className={form.input}
            rows={4}
            value={inputs.key}
            onChange={update('key')}
            spellCheck={false}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
          />
        )}
      </Field>
      {textField('url', 'URL to sign', {inputMode: 'url'})}
      <div className={form.row}>
        {textField('kid', 'Key ID (kid)', {})}
        <fieldset className={form.fieldset} aria-describedby={expiryError}>
          <legend>Expiry (exp)</legend>
          {EXPIRY_MODES.map(([mode, label]) => (
            <Choice
              key={mode}
              as="div"
              id={fieldId(`mode-${mode}`)}
              type="radio"
              name={fieldId('expiry-mode')}
              checked={inputs.expiryMode === mode}
              onChange={() => setExpiryMode(mode)}
              label={label}
            />
          ))}
          <TextField
            bare
            id={fieldId(expiryField)}
            label={expiryField === 'exp' ? 'Unix time, in seconds' : 'Lifetime, in seconds'}
            hint={expiryHint}
            describedBy={expiryError}
            invalid={Boolean(errors.exp)}
            type="text"
            inputMode="numeric"
            value={inputs[expiryField]}
            onChange={update(expiryField)}
            autoComplete="off"
          />
          {errors.exp && <FieldError id={errorId('exp')}>{errors.exp}</FieldError>}
        </fieldset>
      </div>
      <div className={form.row}>
        {textField('ip', 'Client IP address or CIDR range (optional)', {placeholder: '203.0.113.0/24'})}
        {textField('path', 'Path prefix scope (optional)', {placeholder: '/videos/8f3a2c/'})}
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
        <p className={form.resultLabel} id={fieldId('canonical-label')}>
          Canonical string{result ? '' : ' of the URL above, before signing'}
        </p>
        <pre className={form.output}>
          <code>{result ? result.canonical : initialCanonical()}</code>
        </pre>
        {result && (
          <>
            <p className={form.resultLabel} id={fieldId('signed-label')}>
              Signed URL
            </p>
            <pre className={form.output} data-testid="signed-url">
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

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(SignedUrlGenerator);
