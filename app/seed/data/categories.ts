export const CATEGORIES = [
  { name: "Soin du visage", slug: "soin-du-visage", description: "Sérums, crèmes, nettoyants : tout pour une peau au top sans se ruiner." },
  { name: "Maquillage", slug: "maquillage", description: "Teint, yeux, lèvres : les bons plans make-up du moment." },
  { name: "Parfum", slug: "parfum", description: "Les fragrances iconiques et les nouveautés à prix doux." },
  { name: "Cheveux", slug: "cheveux", description: "Shampoings, masques et soins pour des cheveux en pleine forme." },
  { name: "Corps & bain", slug: "corps-et-bain", description: "Huiles, gommages et douches pour chouchouter ton corps." },
  { name: "Mode", slug: "mode", description: "Vêtements, chaussures et accessoires pour tous les styles." },
  { name: "Sport", slug: "sport", description: "Équipement et tenues pour bouger sans se ruiner." },
  { name: "Bien-être", slug: "bien-etre", description: "Tout ce qui fait du bien, au corps comme à la tête." },
];
