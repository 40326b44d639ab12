import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No tailwind-merge (6 KB gzipped on every page, ADR 027):
 * an element never gets two utilities of one group, which
 * tests/unit/class-conflicts.test.ts checks; a caller that must beat a
 * component's default marks its class important (`w-auto!`), or the component
 * takes a variant.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
