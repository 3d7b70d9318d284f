import type { ClientProfile } from '../../catalog/client-profile';

/** Apple Mail on macOS, iOS and iPadOS: the profiles caniemail files under `apple-mail`. */
export const isAppleMail = (profile: ClientProfile): boolean =>
  profile.caniemail?.family === 'apple-mail';

/** Mail on iPhone and iPad, which adds data detectors and a minimum text size. */
export const isIosMail = (profile: ClientProfile): boolean =>
  isAppleMail(profile) && profile.caniemail?.platform === 'ios';
