/** The address of « Nous contacter » (client-safe, without zod: the help pages link to it). */
export const CONTACT_PATH = "/contact";
