/** Client-safe texts of the blog's article page. */
export const ARTICLE_PREVIEW_NOTICE = "Aperçu : cet article n'est pas publié, seule l'équipe du blog le voit.";
