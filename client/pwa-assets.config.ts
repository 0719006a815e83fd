import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// The home-screen icons, made once from the favicon with `npx @vite-pwa/assets-generator` and committed in public/:
// transparent corners only where the platform keeps them (the plain icons); the maskable and Apple ones fill the
// whole square with our background so a phone's own mask never shows a white edge.
const background = '#0b0d10';
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background } },
    apple: { ...minimal2023Preset.apple, padding: 0.3, resizeOptions: { background } },
  },
  images: ['public/favicon.svg'],
});
