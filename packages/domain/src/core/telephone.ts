/** A telephone shows its first 3 and last 4 digits with stars between. */
export function maskTelephone(telephone: string | null | undefined): string {
  if (!telephone) return '';
  const digits = telephone.replace(/\D/g, '');
  if (digits.length <= 7) return digits;
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}
