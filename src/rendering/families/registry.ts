// The client families, one line each (docs/architecture.md#client-families-and-engines). A
// profile names its family in client-profiles.json; lookup.ts finds it by that name.
export { appleMail } from './apple-mail';
export { generic } from './generic';
export { gmail } from './gmail';
export { outlookCom } from './outlook-com';
export { outlookMac } from './outlook-mac';
export { outlookWord } from './outlook-word';
export { plainText } from './plain-text';
export { protonMail } from './protonmail';
export { samsungEmail } from './samsung-email';
export { thunderbird } from './thunderbird';
export { yahooAol } from './yahoo-aol';
