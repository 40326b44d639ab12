/**
 * Password policy (issue 3, NIST SP 800-63B / OWASP ASVS 5.0): 8 to 128
 * characters, and not one of the most common passwords.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_MESSAGES = {
  hint: `${PASSWORD_MIN} caractères minimum`,
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères.`,
  tooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX} caractères.`,
  common: "Ce mot de passe est trop courant : choisis-en un plus difficile à deviner.",
} as const;

// The most common passwords of public breach lists (8+ characters), lowercased.
const COMMON = new Set([
  "12345678", "123456789", "1234567890", "password", "password1", "password123", "motdepasse", "azertyuiop",
  "azerty123", "azerty12", "qwertyuiop", "qwerty123", "iloveyou", "11111111", "00000000", "12341234",
  "87654321", "abcd1234", "abc12345", "1q2w3e4r", "1qaz2wsx", "sunshine", "princess", "football",
  "baseball", "starwars", "whatever", "trustno1", "superman", "welcome1", "letmein1", "dragon12",
  "jetaime1", "soleil123", "doudou123", "chouchou", "marseille", "loulou123", "bonjour1", "bonjour123",
  "123123123", "987654321", "qwerty12", "passw0rd", "p@ssw0rd", "admin123", "administrator", "changeme",
  "crevarde", "crevarde1", "crevarde123", "azertyui", "aaaaaaaa", "11223344", "12344321", "qazwsxedc",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}
