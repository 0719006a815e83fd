// Schemas of issue 11 for this area.
export {};
