export const auth = {
  login: {
    title: 'Sign in',
    subtitle: 'Welcome back. Sign in to keep an eye on your machines.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    backToHome: 'Back to home',
    emailRequired: 'Please enter your email address.',
    passwordRequired: 'Please enter your password.',
  },
  errors: {
    invalidCredentials: 'Invalid email or password.',
    tooManyAttempts: 'Too many login attempts. Please try again later.',
    validationFailed: 'Please check your email address and password.',
  },
};
