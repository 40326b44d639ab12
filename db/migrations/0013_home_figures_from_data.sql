-- Issue #11 item 5, figures come from the data: the hero's figures are counted in the database, so the
-- typed "stats" block (143€, +3500, +62%) goes; the two seeded texts that quoted uncounted figures
-- ("plus de 29 marques", "plus de 10 000 membres") lose them, unless an admin has rewritten them.
DELETE FROM "content_blocks" WHERE "page" = 'home' AND "name" = 'stats';
--> statement-breakpoint
UPDATE "content_blocks"
SET "content" = 'Codes promo vérifiés, deals du jour et bientôt du cashback sur tes marques partenaires. Rejoins les crevardes qui ne paient jamais le prix fort.'
WHERE "page" = 'home' AND "name" = 'hero-subtitle'
  AND "content" = 'Codes promo vérifiés, deals du jour et bientôt du cashback sur plus de 29 marques partenaires. Rejoins les crevardes qui ne paient jamais le prix fort.';
--> statement-breakpoint
UPDATE "content_blocks"
SET "content" = 'Rejoins les crevardes qui économisent chaque mois.'
WHERE "page" = 'home' AND "name" = 'testimonials-footer'
  AND "content" = 'Rejoins plus de 10 000 membres qui économisent chaque mois.';
