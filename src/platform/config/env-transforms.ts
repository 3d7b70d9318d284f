/** Environment values are text: whole numbers become numbers, anything else stays for the validator to name. */
export const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : /^-?\d+$/.test(String(value))
      ? Number(value)
      : value;

/** true/1/yes and false/0/no become booleans; anything else stays for the validator to name. */
export const toBool = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  const text = String(value).toLowerCase();
  return ['true', '1', 'yes'].includes(text)
    ? true
    : ['false', '0', 'no'].includes(text)
      ? false
      : value;
};
