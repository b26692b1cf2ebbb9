// Placeholder file so the target builds; replaced by the PNG codec.
