-- Issue 11 item 18 (ADR 011): the publisher, the publication director and the host of the mentions légales are now
-- rendered from site settings; drop the hard-coded sections of the seeded page (an edited page is left as it is).
UPDATE "pages" SET "content" = regexp_replace("content", '^<h2>Éditeur</h2>.*?(<h2>Propriété intellectuelle</h2>)', '\1'), "updated_at" = now()
WHERE "slug" = 'mentions-legales' AND "content" LIKE '<h2>Éditeur</h2>%' AND "content" LIKE '%<h2>Propriété intellectuelle</h2>%';
--> statement-breakpoint
-- Item 19: the affiliation paragraph points at "Comment nous gagnons de l'argent" and names the "lien affilié" mention
-- (the same text as AFFILIATE_SUFFIX in db/seed/data/legal.ts).
UPDATE "pages" SET "content" = replace("content", 'sans surcoût pour toi.</p>', 'sans surcoût pour toi. Ces liens portent la mention « lien affilié ». <a href="/legal/comment-nous-gagnons-de-l-argent">Comment nous gagnons de l''argent</a></p>'), "updated_at" = now()
WHERE "slug" = 'mentions-legales' AND "content" LIKE '%<h2>Liens d''affiliation</h2>%' AND "content" NOT LIKE '%comment-nous-gagnons-de-l-argent%';
--> statement-breakpoint
-- The privacy policy (RGPD art. 13) is rendered from the settings and RETENTION; the seeded text, which named the
-- controller and listed purposes by hand, becomes the security note only (PRIVACY_EXTRA in db/seed/data/legal.ts).
UPDATE "pages" SET "content" = '<h2>Sécurité</h2>
<p>Ton mot de passe est conservé haché, jamais en clair. L''adresse IP de tes sessions de connexion est tronquée, et la mesure d''audience ne conserve aucune adresse IP.</p>', "updated_at" = now()
WHERE "slug" = 'politique-confidentialite' AND "content" LIKE '<h2>Responsable du traitement</h2>%' AND "content" LIKE '%Tu peux aussi saisir la CNIL.</p>';
--> statement-breakpoint
-- The terms of sale named "Crevarde SAS" whatever the settings say: point at the mentions légales instead.
UPDATE "pages" SET "content" = replace("content", 'est édité par la société Crevarde SAS, dont les coordonnées figurent dans les mentions légales.', 'est édité par la société identifiée dans les <a href="/legal/mentions-legales">mentions légales</a>, avec ses coordonnées.'), "updated_at" = now()
WHERE "slug" = 'cgv' AND "content" LIKE '%par la société Crevarde SAS, dont les coordonnées%';
--> statement-breakpoint
-- The cookie page said the internal audience measurement had a 13-month cookie: it sets no cookie.
UPDATE "pages" SET "content" = replace("content", 'elle est exemptée de consentement ; son cookie dure au maximum 13 mois.', 'elle est exemptée de consentement. Elle ne dépose aucun cookie : elle compte les visites avec un identifiant haché, sans conserver ton adresse IP ; ses statistiques sont gardées 13 mois.'), "updated_at" = now()
WHERE "slug" = 'cookies' AND "content" LIKE '%son cookie dure au maximum 13 mois.%';
