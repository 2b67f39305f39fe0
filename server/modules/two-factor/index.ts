/** The two-factor module's surface: what other modules, the start-up and scripts may use. */
export { confirmedFactor, verifySecondFactor } from './service';
