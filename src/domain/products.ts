// The analysis products a project can order (admin.md §6): one list for the
// admin project form, the project routes' schema and the seed.
export const PRODUCTS = ['npk_analysis', 'biomass_analysis', 'tree_status', 'canopy_diameter', 'irrigation_mapping', 'topography'] as const;
export type Product = (typeof PRODUCTS)[number];
