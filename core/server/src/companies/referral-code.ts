import { randomBytes } from 'node:crypto';

/** A company's public referral code (used in sign-up links `?ref=`): 10 url-safe characters. */
export const newReferralCode = () => randomBytes(8).toString('base64url').slice(0, 10);
