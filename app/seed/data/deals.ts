import type { DealSource } from "#app/modules/deals/deals.constants";
import type { BadgeType } from "#db/constants";

export interface DealSeed {
  title: string;
  description: string;
  price: string;
  originalPrice: string | null;
  source: DealSource;
  badgeText: string;
  badgeType: BadgeType;
  ctaText: string;
  url: string;
  isFeatured: boolean;
  brandSlug?: string;
  /** hours before the seed time */
  ageHours: number;
  /** the demo's temperature (°), as if members had voted: a fresh demo shows real temperatures, not « Nouveau » */
  temperature: number;
}

export const DEALS: DealSeed[] = [
  { title: "Brosse nettoyante visage en silicone", description: "Vibrations soniques, étanche, rechargeable en USB. Aussi douce que les grandes marques pour dix fois moins cher.", price: "6,49€", originalPrice: "39,90€", source: "temu", badgeText: "Prix cassé", badgeType: "hot", ctaText: "TEMUCREV5", url: "https://www.temu.com/fr/brosse-nettoyante-visage.html", isFeatured: true, ageHours: 2, temperature: 142 },
  { title: "Palette 18 fards à paupières nude", description: "Des teintes chaudes et pigmentées, mates et irisées. La tenue reste à tester sur une journée entière.", price: "3,99€", originalPrice: "12,99€", source: "shein", badgeText: "Qualité ???", badgeType: "risky", ctaText: "Voir le deal", url: "https://fr.shein.com/palette-fards-nude.html", isFeatured: true, ageHours: 5, temperature: 38 },
  { title: "Rouleau de jade et gua sha", description: "Le duo massage du visage qui dégonfle au réveil. Pierre véritable ou verre ? Mystère, mais l'effet frais est là.", price: "4,20€", originalPrice: "24,00€", source: "aliexpress", badgeText: "Fun", badgeType: "fun", ctaText: "ALICREV3", url: "https://fr.aliexpress.com/item/rouleau-jade.html", isFeatured: true, ageHours: 8, temperature: 87 },
  { title: "Lot de 20 pinceaux de maquillage", description: "Poils synthétiques doux, trousse incluse. Parfait pour débuter ou remplacer les pinceaux fatigués.", price: "8,99€", originalPrice: "29,99€", source: "temu", badgeText: "Prix cassé", badgeType: "hot", ctaText: "TEMUCREV5", url: "https://www.temu.com/fr/pinceaux-maquillage.html", isFeatured: false, ageHours: 12, temperature: 215 },
  { title: "Masques en tissu à l'acide hyaluronique x10", description: "Dix masques hydratants pour un effet bonne mine express. Composition courte mais origine floue.", price: "2,99€", originalPrice: "15,00€", source: "shein", badgeText: "Qualité ???", badgeType: "risky", ctaText: "Voir le deal", url: "https://fr.shein.com/masques-tissu.html", isFeatured: false, ageHours: 20, temperature: -12 },
  { title: "Miroir lumineux LED grossissant", description: "Trois intensités de lumière et un grossissement x10 pour un maquillage au millimètre.", price: "11,90€", originalPrice: "34,90€", source: "aliexpress", badgeText: "Prix cassé", badgeType: "hot", ctaText: "ALICREV3", url: "https://fr.aliexpress.com/item/miroir-led.html", isFeatured: false, ageHours: 26, temperature: 64 },
  { title: "Bandeau skincare oreilles de chat", description: "Pour tenir tes cheveux pendant ta routine, et surtout pour faire sourire en visio.", price: "1,49€", originalPrice: "5,99€", source: "temu", badgeText: "Fun", badgeType: "fun", ctaText: "Voir le deal", url: "https://www.temu.com/fr/bandeau-chat.html", isFeatured: false, ageHours: 30, temperature: 23 },
  { title: "Legging de sport taille haute", description: "Tissu gainant et opaque, poche pour le téléphone. Un dupe bluffant des marques de yoga.", price: "9,99€", originalPrice: "29,99€", source: "shein", badgeText: "Prix cassé", badgeType: "hot", ctaText: "SHEINCREV", url: "https://fr.shein.com/legging-taille-haute.html", isFeatured: false, ageHours: 36, temperature: 176 },
  { title: "Diffuseur d'huiles essentielles effet bois", description: "Ultrasons, sept couleurs de lumière et arrêt automatique. La finition bois est en plastique, soyons honnêtes.", price: "12,49€", originalPrice: "32,00€", source: "aliexpress", badgeText: "Qualité ???", badgeType: "risky", ctaText: "Voir le deal", url: "https://fr.aliexpress.com/item/diffuseur.html", isFeatured: false, ageHours: 48, temperature: 9 },
  { title: "Pinces à cheveux griffes x6", description: "Six pinces mates aux couleurs pastel, la tendance qu'on voit partout pour le prix d'un café.", price: "2,79€", originalPrice: "9,90€", source: "temu", badgeText: "Fun", badgeType: "fun", ctaText: "TEMUCREV5", url: "https://www.temu.com/fr/pinces-griffes.html", isFeatured: false, ageHours: 60, temperature: 51 },
  { title: "Sac banane de running", description: "Léger, réfléchissant et ajustable : clés, téléphone et gels tiennent sans ballotter.", price: "5,49€", originalPrice: "19,99€", source: "aliexpress", badgeText: "Prix cassé", badgeType: "hot", ctaText: "ALICREV3", url: "https://fr.aliexpress.com/item/sac-banane-running.html", isFeatured: false, ageHours: 72, temperature: 320 },
  { title: "Vernis semi-permanent kit débutante", description: "Lampe UV, six couleurs et base top coat. La tenue dépend beaucoup de la préparation de l'ongle.", price: "14,99€", originalPrice: "29,98€", source: "shein", badgeText: "-50 %", badgeType: "hot", ctaText: "Voir le deal", url: "https://fr.shein.com/kit-vernis-semi-permanent.html", isFeatured: false, ageHours: 90, temperature: 70 },
];
