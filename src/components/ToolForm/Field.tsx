import type {ComponentProps, ReactNode} from 'react';
import styles from './styles.module.css';

/** What a field's control needs to be labelled and described: spread it onto the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  /** The control's id; the hint and the error message take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  /** What is wrong with the value; the control is marked invalid while there is one. */
  error?: string;
  /** Ids of further descriptions outside the field (a hint shared by several fields, an error shown elsewhere). */
  describedBy?: string;
  /** Marks the control invalid when its error is shown elsewhere (defaults to whether `error` is set). */
  invalid?: boolean;
  /** Leave out the wrapping element, for a field inside a fieldset that lays it out. */
  bare?: boolean;
  /** Renders the control with the props it needs. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The element that shows a field's error; screen readers hear it through the control's aria-describedby. */
export function FieldError({id, children}: {id: string; children: ReactNode}): ReactNode {
  return (
    <p id={id} className={styles.error}>
      {children}
    </p>
  );
}

/** Space-separated ids of the descriptions that exist, or undefined when there are none. */
export function describedByIds(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * A labelled form control of the interactive tools, with its hint and error message wired to it
 * through aria-describedby and aria-invalid, so every tool's fields read the same way.
 */
export default function Field({id, label, hint, error, describedBy, invalid, bare = false, children}: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const content = (
    <>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': (invalid ?? Boolean(error)) || undefined,
        'aria-describedby': describedByIds(hint !== undefined && hintId, describedBy, error && errorId),
      })}
      {hint !== undefined && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </>
  );
  return bare ? content : <div className={styles.field}>{content}</div>;
}

export type TextFieldProps = Omit<FieldProps, 'children'> & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/** A Field whose control is a one-line text input; the other props go to the input. */
export function TextField({label, hint, error, describedBy, invalid, bare, id, ...input}: TextFieldProps): ReactNode {
  return (
    <Field id={id} label={label} hint={hint} error={error} describedBy={describedBy} invalid={invalid} bare={bare}>
      {(control) => <input {...control} className={styles.input} {...input} />}
    </Field>
  );
}

export interface ChoiceProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id: string;
  type: 'checkbox' | 'radio';
  label: ReactNode;
  /** A span to sit in a line of choices, a div to stand on its own line. */
  as?: 'span' | 'div';
}

/** A checkbox or radio button with its label after it. */
export function Choice({id, label, as: Wrapper = 'span', ...input}: ChoiceProps): ReactNode {
  return (
    <Wrapper className={styles.choice}>
      <input id={id} {...input} />
      <label htmlFor={id}>{label}</label>
    </Wrapper>
  );
}
