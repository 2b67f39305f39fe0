/** The captcha module's surface: what other modules, the start-up and scripts may use. */
export { verifyCaptchaIfRequired } from './service';
