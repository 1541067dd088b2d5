export function verifyUrl(serial: string): string {
  return `${window.location.origin}/verify/${serial}`;
}
