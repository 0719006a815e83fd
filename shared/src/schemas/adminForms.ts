// Schemas of issue 9 for this admin area (filled in by its work).
export {};
