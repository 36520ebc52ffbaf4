import { html, raw, type SafeHtml } from '../../lib/html';
import { plainPage as page } from '../../lib/plain-page';

/**
 * The built-in sign-in provider's pages, in the product's look. Server-rendered, no
 * JavaScript needed, so they work the same for every browser and assistive technology.
 */

function errorBox(error: string | undefined): SafeHtml {
  return error ? html`<p class="error" role="alert" id="form-error">${error}</p>` : html``;
}

interface FieldOptions {
  name: string;
  label: string;
  autocomplete: string;
  type?: string;
  /** For a code: a numeric keyboard on phones. */
  inputmode?: string;
  /** Echoed back after a failed submit; never given for passwords. */
  value?: string;
  hint?: string;
  /** Ties the field to the form's error message for screen readers. */
  invalid?: boolean;
  autofocus?: boolean;
}

function field(o: FieldOptions): SafeHtml {
  const describedBy = [o.invalid && 'form-error', o.hint && `${o.name}-hint`]
    .filter(Boolean)
    .join(' ');
  return html`<label for="${o.name}">${o.label}</label>
    <input
      id="${o.name}"
      name="${o.name}"
      type="${o.type ?? 'text'}"
      autocomplete="${o.autocomplete}"
      ${o.inputmode ? html`inputmode="${o.inputmode}"` : ''}
      required
      ${o.value !== undefined ? html`value="${o.value}"` : ''}
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
      ${o.invalid ? raw('aria-invalid="true"') : ''}
      ${o.autofocus ? raw('autofocus') : ''}
    />
    ${o.hint ? html`<p class="hint" id="${o.name}-hint">${o.hint}</p>` : ''}`;
}

export function signInPage(options: {
  brand: string;
  uid: string;
  email?: string;
  error?: string;
}): string {
  const { brand, uid, email, error } = options;
  return page({
    title: 'Sign in',
    brand,
    body: html`<h1>Sign in</h1>
      <p class="lead">Sign in to your client portal.</p>
      ${errorBox(error)}
      <form method="post" action="/oidc/interaction/${uid}/login" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: email ?? '', invalid: Boolean(error), autofocus: true })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' })}
        <button type="submit">Sign in</button>
      </form>
      <p class="switch"><a href="/oidc/interaction/${uid}/forgot">Forgot password?</a></p>
      <p class="switch">New here? <a href="/oidc/interaction/${uid}/signup">Create account</a></p>`,
  });
}

export interface SignupValues {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export function signUpPage(options: {
  brand: string;
  uid: string;
  values?: SignupValues;
  error?: string;
}): string {
  const { brand, uid, values = {}, error } = options;
  return page({
    title: 'Create account',
    brand,
    body: html`<h1>Create account</h1>
      <p class="lead">Create your client portal account.</p>
      ${errorBox(error)}
      <form method="post" action="/oidc/interaction/${uid}/signup" novalidate>
        <div class="row">
          <div>
            ${field({ name: 'firstName', label: 'First name', autocomplete: 'given-name', value: values.firstName ?? '', invalid: Boolean(error), autofocus: true })}
          </div>
          <div>
            ${field({ name: 'lastName', label: 'Last name', autocomplete: 'family-name', value: values.lastName ?? '' })}
          </div>
        </div>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email ?? '' })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: 'At least 8 characters.' })}
        <p class="hint">
          By creating an account you agree to the
          <a href="/terms" target="_blank" rel="noopener">Terms of Service</a> and the
          <a href="/privacy" target="_blank" rel="noopener">Privacy Policy</a> (each opens in a new
          tab).
        </p>
        <button type="submit">Create account</button>
      </form>
      <p class="switch">
        Already have an account? <a href="/oidc/interaction/${uid}">Sign in</a>
      </p>`,
  });
}

/** The code page: the 6 digits mailed to the address, or a new code. */
export function verifyEmailPage(options: {
  brand: string;
  uid: string;
  email: string;
  error?: string;
  notice?: string;
}): string {
  const { brand, uid, email, error, notice } = options;
  return page({
    title: 'Check your e-mail',
    brand,
    body: html`<h1>Check your e-mail</h1>
      <p class="lead">
        If ${email} can receive e-mail, a message is on its way. Enter the 6-digit code it holds to
        confirm the address. The code works for 15 minutes.
      </p>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${errorBox(error)}
      <form method="post" action="/oidc/interaction/${uid}/verify" novalidate>
        ${field({ name: 'code', label: 'Code', autocomplete: 'one-time-code', inputmode: 'numeric', invalid: Boolean(error), autofocus: true })}
        <button type="submit">Confirm</button>
      </form>
      <form method="post" action="/oidc/interaction/${uid}/verify/resend">
        <button type="submit" class="secondary">Send a new code</button>
      </form>
      <p class="switch">Wrong address? <a href="/api/login">Start again</a></p>`,
  });
}

/** "Forgot password?": the address to send a code to. */
export function forgotPasswordPage(options: {
  brand: string;
  uid: string;
  email?: string;
  error?: string;
}): string {
  const { brand, uid, email, error } = options;
  return page({
    title: 'Forgot password',
    brand,
    body: html`<h1>Forgot your password?</h1>
      <p class="lead">
        Enter the e-mail address of your client portal account. We will send it a 6-digit code to
        choose a new password.
      </p>
      ${errorBox(error)}
      <form method="post" action="/oidc/interaction/${uid}/forgot" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: email ?? '', invalid: Boolean(error), autofocus: true })}
        <button type="submit">Send code</button>
      </form>
      <p class="switch">Remembered it? <a href="/oidc/interaction/${uid}">Sign in</a></p>`,
  });
}

/**
 * The code mailed by "Forgot password?" and the new password twice. It reads the same
 * whether or not the address has an account.
 */
export function resetPasswordPage(options: {
  brand: string;
  uid: string;
  email: string;
  error?: string;
  notice?: string;
}): string {
  const { brand, uid, email, error, notice } = options;
  return page({
    title: 'Choose a new password',
    brand,
    body: html`<h1>Choose a new password</h1>
      <p class="lead">
        If ${email} has a client portal account, a message with a 6-digit code is on its way. Enter
        the code and your new password. The code works for 15 minutes.
      </p>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''} ${errorBox(error)}
      <form method="post" action="/oidc/interaction/${uid}/reset" novalidate>
        ${field({ name: 'code', label: 'Code', autocomplete: 'one-time-code', inputmode: 'numeric', invalid: Boolean(error), autofocus: true })}
        ${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: 'At least 8 characters.' })}
        ${field({ name: 'confirmPassword', label: 'Confirm new password', type: 'password', autocomplete: 'new-password' })}
        <button type="submit">Set password and sign in</button>
      </form>
      <form method="post" action="/oidc/interaction/${uid}/reset/resend">
        <button type="submit" class="secondary">Send a new code</button>
      </form>
      <p class="switch">
        Wrong address? <a href="/oidc/interaction/${uid}/forgot">Start again</a>
      </p>`,
  });
}

export function signingOutPage(options: { brand: string; form: string; nonce: string }): string {
  return page({
    title: 'Logging out',
    brand: options.brand,
    body: html`<h1>Logging you out…</h1>
      ${raw(options.form)}
      <input type="hidden" name="logout" value="yes" form="op.logoutForm" />
      <noscript><button type="submit" form="op.logoutForm">Log out</button></noscript>`,
    scriptNonce: options.nonce,
    script: `document.getElementById('op.logoutForm').submit();`,
  });
}

export function messagePage(options: {
  brand: string;
  title: string;
  message: string;
  link?: { href: string; label: string };
}): string {
  const { brand, title, message, link } = options;
  return page({
    title,
    brand,
    body: html`<h1>${title}</h1>
      <p class="lead">${message}</p>
      ${link ? html`<p><a href="${link.href}">${link.label}</a></p>` : ''}`,
  });
}
