/** Client-safe texts of admin-created pages. */
export const PAGE_DRAFT_NOTICE = "Brouillon : cette page n'est visible que par les administrateurs.";
