/**
 * The form state the account screens share: values, field errors (i18n keys) re-checked while the user fixes a
 * field that was marked invalid, a show-password switch, a busy flag while submitting, and a done flag once the
 * server accepted. `submit` validates first and stops on any error; a failure of `send` is toasted with the
 * server's message and leaves the values as typed.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contracts/auth-limits';
import { notifyError } from '../../ui/toast';
import { errorMessage } from './auth-card';
import { hasErrors, type FieldErrors } from './validation';

export function useValidatedForm<T extends { [K in keyof T]: string }>(initial: T, validate: (values: T) => FieldErrors<T>, send: (values: T) => Promise<void>) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  /** Props for a TextInput bound to `name`: value, name, translated error and onChange. */
  const field = (name: keyof T & string) => ({
    value: values[name],
    name,
    // `min` fills in 'auth:passwordTooShort'; other messages have no placeholder.
    error: errors[name] ? t(errors[name], { min: PASSWORD_MIN_LENGTH }) : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors(validate({ ...values, [name]: value }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    setBusy(true);
    try {
      await send(values);
      setDone(true);
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  /** Props of a new password's field: the server's rule as help text under the field, shown before any submit. */
  const passwordRule = {
    description: t('passwordRule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };

  return { field, passwordRule, submit, busy, done, show, setShow, passwordType: show ? 'text' : 'password' } as const;
}
