/**
 * The Superhuman channel's seed recipes: the Saturni Elixir's four phases (Elixirs) and the meals of the major and
 * minor meal groups. Every ingredient is a key of FOODS, so each recipe's per-serving nutrition is computed from its
 * ingredients (recipeNutrition) rather than typed by hand, and always agrees with them.
 *
 * Composition values are per 100 g (or 100 ml) of the food as its name states it (raw unless the name says cooked,
 * dry, tinned or drained), USDA/UK-table style: carbohydrate is total carbohydrate, fibre included. Foods counted
 * by the piece or the spoon (eggs, cloves, tbsp, tsp) give the weight of one piece and the per-100 g values.
 * No food contains alcohol (no vanilla extract, wine or mirin) and no honey (the vegan recipes sweeten with maple).
 * 'plant' is every food that is not animal-derived, salt and water included.
 */

/** Nutrition of ONE unit of an ingredient as its name states it (per 1 g, per 1 ml, per 1 egg, per 1 tbsp...). */
export interface Food {
  kcal: number;
  protein: number;
  fat: number;
  carbohydrate: number;
  kind: 'plant' | 'dairy-egg' | 'fish' | 'meat';
}

type Kind = Food['kind'];

/** A food measured in grams or millilitres: the table's per-100 values, divided by 100. */
const per100g = (kcal: number, protein: number, fat: number, carbohydrate: number, kind: Kind = 'plant'): Food => ({
  kcal: kcal / 100,
  protein: protein / 100,
  fat: fat / 100,
  carbohydrate: carbohydrate / 100,
  kind,
});

/** A food counted by the piece or the spoon: one unit weighs `grams`, with the table's per-100 g values. */
const each = (
  grams: number,
  kcal: number,
  protein: number,
  fat: number,
  carbohydrate: number,
  kind: Kind = 'plant',
): Food => {
  const f = grams / 100;
  return { kcal: kcal * f, protein: protein * f, fat: fat * f, carbohydrate: carbohydrate * f, kind };
};

/** Spoon weights used below. */
const TBSP_OIL = 13.5;
const TSP_OIL = 4.5;

/** Every ingredient name used by any recipe, exactly as shown to members, with its nutrition per one unit of the name. */
export const FOODS: Record<string, Food> = {
  // Grains, bread and starchy vegetables
  'Rolled oats (g)': per100g(379, 13.2, 6.5, 67.7),
  'Brown rice, cooked (g)': per100g(123, 2.7, 1.0, 25.6),
  'Basmati rice, cooked (g)': per100g(130, 2.7, 0.3, 28.2),
  'Jasmine rice, cooked (g)': per100g(129, 2.7, 0.3, 28.0),
  'Quinoa, cooked (g)': per100g(120, 4.4, 1.9, 21.3),
  'Pearl barley, dry (g)': per100g(352, 9.9, 1.2, 77.7),
  'Bulgur wheat, dry (g)': per100g(342, 12.3, 1.3, 75.9),
  'Wholewheat couscous, dry (g)': per100g(355, 12.0, 2.0, 72.0),
  'Wholewheat spaghetti, dry (g)': per100g(348, 13.9, 2.5, 72.0),
  'Linguine, dry (g)': per100g(371, 13.0, 1.5, 74.7),
  'Rice noodles, dry (g)': per100g(364, 6.0, 0.6, 80.0),
  'Sourdough bread (g)': per100g(272, 10.8, 2.4, 51.9),
  'Corn tortillas (small)': each(26, 218, 5.7, 2.9, 44.6),
  'New potatoes (g)': per100g(70, 1.9, 0.1, 15.9),
  'Sweet potato (g)': per100g(86, 1.6, 0.1, 20.1),
  'Butternut squash (g)': per100g(45, 1.0, 0.1, 11.7),

  // Pulses, soya and nuts
  'Red lentils, dry (g)': per100g(358, 23.9, 2.2, 63.1),
  'Green lentils, cooked (g)': per100g(116, 9.0, 0.4, 20.1),
  'Chickpeas, tinned, drained (g)': per100g(138, 7.0, 2.5, 22.5),
  'Black beans, tinned, drained (g)': per100g(132, 8.9, 0.5, 23.7),
  'Kidney beans, tinned, drained (g)': per100g(127, 8.7, 0.5, 22.8),
  'Butter beans, tinned, drained (g)': per100g(115, 7.8, 0.4, 20.9),
  'Edamame beans, frozen (g)': per100g(121, 11.9, 5.2, 8.9),
  'Extra-firm tofu (g)': per100g(130, 14.0, 7.5, 1.5),
  'Silken tofu (g)': per100g(55, 4.8, 2.7, 2.9),
  'Tempeh (g)': per100g(192, 20.3, 10.8, 7.6),
  'Unsweetened soya drink (ml)': per100g(39, 3.0, 1.8, 2.5),
  'Unsweetened almond drink (ml)': per100g(13, 0.4, 1.1, 0.1),
  'Smooth peanut butter (g)': per100g(588, 25.1, 50.4, 19.6),
  'Tahini (tbsp)': each(15, 595, 17.0, 53.8, 21.2),
  'Cashew nuts (g)': per100g(553, 18.2, 43.9, 30.2),
  'Walnuts (g)': per100g(654, 15.2, 65.2, 13.7),
  'Pistachios, shelled (g)': per100g(560, 20.2, 45.3, 27.2),
  'Flaked almonds (g)': per100g(579, 21.2, 49.9, 21.6),
  'Pumpkin seeds (g)': per100g(559, 30.2, 49.0, 10.7),
  'Chia seeds (g)': per100g(486, 16.5, 30.7, 42.1),
  'Sesame seeds (g)': per100g(573, 17.7, 49.7, 23.5),

  // Vegetables
  'Onion (g)': per100g(40, 1.1, 0.1, 9.3),
  'Red onion (g)': per100g(40, 1.1, 0.1, 9.3),
  'Spring onions (g)': per100g(32, 1.8, 0.2, 7.3),
  'Garlic (cloves)': each(3, 149, 6.4, 0.5, 33.1),
  'Fresh ginger (g)': per100g(80, 1.8, 0.8, 17.8),
  'Red chilli (g)': per100g(40, 1.9, 0.4, 8.8),
  'Carrots (g)': per100g(41, 0.9, 0.2, 9.6),
  'Celery (g)': per100g(14, 0.7, 0.2, 3.0),
  'Red pepper (g)': per100g(31, 1.0, 0.3, 6.0),
  'Courgette (g)': per100g(17, 1.2, 0.3, 3.1),
  'Aubergine (g)': per100g(25, 1.0, 0.2, 5.9),
  'Broccoli (g)': per100g(34, 2.8, 0.4, 6.6),
  'Green beans (g)': per100g(31, 1.8, 0.2, 7.0),
  'Sugar snap peas (g)': per100g(42, 2.8, 0.2, 7.6),
  'Frozen peas (g)': per100g(77, 5.2, 0.4, 13.6),
  'Sweetcorn, tinned, drained (g)': per100g(79, 2.9, 1.2, 16.0),
  'Pak choi (g)': per100g(13, 1.5, 0.2, 2.2),
  'Baby spinach (g)': per100g(23, 2.9, 0.4, 3.6),
  'Rocket (g)': per100g(25, 2.6, 0.7, 3.7),
  'Romaine lettuce (g)': per100g(17, 1.2, 0.3, 3.3),
  'White cabbage (g)': per100g(25, 1.3, 0.1, 5.8),
  'Cucumber (g)': per100g(15, 0.7, 0.1, 3.6),
  'Cherry tomatoes (g)': per100g(18, 0.9, 0.2, 3.9),
  'Tinned chopped tomatoes (g)': per100g(21, 1.1, 0.2, 4.0),
  'Tomato purée (tbsp)': each(16, 82, 4.3, 0.5, 18.9),
  'Chestnut mushrooms (g)': per100g(22, 3.1, 0.3, 3.3),
  'Beetroot, cooked (g)': per100g(44, 1.7, 0.2, 10.0),
  'Avocado (g)': per100g(160, 2.0, 14.7, 8.5),
  'Black olives, pitted (g)': per100g(115, 0.8, 10.7, 6.3),

  // Fruit and juices
  'Banana (g)': per100g(89, 1.1, 0.3, 22.8),
  'Mixed berries, frozen (g)': per100g(48, 1.0, 0.4, 10.5),
  'Blueberries (g)': per100g(57, 0.7, 0.3, 14.5),
  'Strawberries (g)': per100g(32, 0.7, 0.3, 7.7),
  'Raspberries (g)': per100g(52, 1.2, 0.7, 11.9),
  'Mango (g)': per100g(60, 0.8, 0.4, 15.0),
  'Pomegranate seeds (g)': per100g(83, 1.7, 1.2, 18.7),
  'Passion fruit (whole)': each(18, 97, 2.2, 0.7, 23.4),
  'Eating apples (whole)': each(150, 52, 0.3, 0.2, 13.8),
  'Pears (whole)': each(170, 57, 0.4, 0.1, 15.2),
  'Sultanas (g)': per100g(299, 3.1, 0.5, 79.2),
  'Lemon juice (ml)': per100g(22, 0.4, 0.2, 6.9),
  'Lime juice (ml)': per100g(25, 0.4, 0.1, 8.4),
  'Orange juice (ml)': per100g(45, 0.7, 0.2, 10.4),
  'Tart cherry juice (ml)': per100g(58, 0.4, 0.0, 14.2),
  'Beetroot juice (ml)': per100g(40, 1.1, 0.1, 8.6),
  'Coconut water (ml)': per100g(19, 0.7, 0.2, 3.7),

  // Herbs, spices and seasonings (a teaspoon of a ground spice weighs 1-3 g)
  'Fresh coriander (g)': per100g(23, 2.1, 0.5, 3.7),
  'Fresh parsley (g)': per100g(36, 3.0, 0.8, 6.3),
  'Fresh dill (g)': per100g(43, 3.5, 1.1, 7.0),
  'Fresh mint (g)': per100g(44, 3.3, 0.7, 8.4),
  'Fresh basil (g)': per100g(23, 3.2, 0.6, 2.7),
  'Ground cumin (tsp)': each(2.1, 375, 17.8, 22.3, 44.2),
  'Smoked paprika (tsp)': each(2.3, 282, 14.1, 12.9, 54.0),
  'Ground turmeric (tsp)': each(3, 312, 9.7, 3.3, 67.1),
  'Ground cinnamon (tsp)': each(2.6, 247, 4.0, 1.2, 80.6),
  'Medium curry powder (tsp)': each(2, 325, 14.3, 14.0, 55.8),
  'Chilli powder (tsp)': each(2.7, 282, 13.5, 14.3, 49.7),
  'Dried oregano (tsp)': each(1, 265, 9.0, 4.3, 68.9),
  'Ground black pepper (tsp)': each(2.3, 251, 10.4, 3.3, 64.0),
  'Sea salt (tsp)': each(6, 0, 0, 0, 0),
  'Water (ml)': per100g(0, 0, 0, 0),
  'Vegetable stock (ml)': per100g(6, 0.2, 0.1, 1.0),

  // Oils, sauces and sweeteners
  'Olive oil (tbsp)': each(TBSP_OIL, 884, 0, 100, 0),
  'Rapeseed oil (tbsp)': each(TBSP_OIL, 884, 0, 100, 0),
  'Toasted sesame oil (tsp)': each(TSP_OIL, 884, 0, 100, 0),
  'Light coconut milk (ml)': per100g(73, 0.7, 7.0, 1.8),
  'Reduced-salt soy sauce (tbsp)': each(16, 53, 8.1, 0.6, 4.9),
  'Fish sauce (tbsp)': each(18, 35, 5.1, 0, 3.6, 'fish'),
  // Most green curry pastes are made with shrimp paste.
  'Thai green curry paste (tbsp)': each(15, 110, 2.3, 6.5, 10.5, 'fish'),
  'Dijon mustard (tsp)': each(5, 66, 3.7, 3.3, 5.8),
  'Maple syrup (tbsp)': each(20, 260, 0, 0.1, 67.0),
  // USDA's 228 kcal uses cocoa-specific factors; this is the EU/UK label energy for the same composition.
  'Cocoa powder (g)': per100g(359, 19.6, 13.7, 57.9),
  'Dark chocolate 70%, dairy-free (g)': per100g(598, 7.8, 42.6, 45.9),

  // Dairy and eggs
  'Eggs (whole)': each(50, 143, 12.6, 9.5, 0.7, 'dairy-egg'),
  'Semi-skimmed milk (ml)': per100g(49, 3.6, 1.7, 4.8, 'dairy-egg'),
  'Greek yoghurt, 0% fat (g)': per100g(59, 10.3, 0.4, 3.6, 'dairy-egg'),
  'Skyr, natural (g)': per100g(64, 11.0, 0.2, 4.0, 'dairy-egg'),
  'Quark (g)': per100g(66, 12.0, 0.2, 4.0, 'dairy-egg'),
  'Feta (g)': per100g(264, 14.2, 21.3, 4.1, 'dairy-egg'),
  'Halloumi (g)': per100g(316, 21.5, 24.7, 1.8, 'dairy-egg'),
  'Paneer (g)': per100g(321, 18.3, 26.0, 3.1, 'dairy-egg'),
  'Mature Cheddar (g)': per100g(416, 25.4, 34.9, 0.1, 'dairy-egg'),
  // Parmesan is made with animal rennet; the vegetarian Italian-style hard cheese is used instead.
  'Vegetarian Italian-style hard cheese (g)': per100g(392, 35.8, 25.8, 3.2, 'dairy-egg'),
  'Butter (g)': per100g(717, 0.9, 81.1, 0.1, 'dairy-egg'),
  'Whey protein powder, vanilla (g)': per100g(388, 75.0, 5.5, 8.0, 'dairy-egg'),
  'Whey protein powder, chocolate (g)': per100g(375, 72.0, 6.0, 9.0, 'dairy-egg'),
  'Meringue nests (whole)': each(13, 390, 4.8, 0, 92.0, 'dairy-egg'),

  // Fish
  'Salmon fillet, raw (g)': per100g(208, 20.4, 13.4, 0, 'fish'),
  'Cod fillet, raw (g)': per100g(82, 17.8, 0.7, 0, 'fish'),
  'King prawns, raw (g)': per100g(85, 20.1, 0.5, 0, 'fish'),
  'Tuna in spring water, drained (g)': per100g(109, 25.0, 1.0, 0, 'fish'),
  'Smoked mackerel fillets (g)': per100g(354, 18.9, 30.9, 0, 'fish'),

  // Meat
  'Chicken breast, skinless, raw (g)': per100g(106, 24.0, 1.1, 0, 'meat'),
  'Chicken thighs, skinless boneless, raw (g)': per100g(121, 19.7, 4.1, 0, 'meat'),
  'Turkey mince, 5% fat, raw (g)': per100g(125, 21.0, 4.5, 0, 'meat'),
  'Lean beef mince, 5% fat, raw (g)': per100g(137, 21.4, 5.0, 0, 'meat'),
  'Sirloin steak, trimmed, raw (g)': per100g(143, 21.6, 5.8, 0, 'meat'),
};

export interface SeedRecipe {
  name: string;
  group: 1 | 6 | 7 | 8 | 9 | 10 | 11;
  /** Plain text, read as Markdown-light: paragraphs separated by blank lines, `- ` bullet lines, `1. ` numbered steps. No HTML, no headings with #. */
  description: string;
  /** [ingredient name (a key of FOODS), per-serving amount], at most 12, amounts > 0 with at most 2 decimals. */
  ingredients: [string, number][];
  /** Two hex colours for a generated illustration card, e.g. ['#2f6b3a', '#e9c46a'] (background, accent), suited to the dish. */
  palette: [string, string];
}

/** The four phases of the Saturni Elixir (group 1), in order: phase one to four. */
export const ELIXIR_PHASES: SeedRecipe[] = [
  {
    name: 'Saturni Elixir: Phase One',
    group: 1,
    description: `The morning hydration elixir: a tall glass of lightly salted citrus and ginger water to start the day.

Drink it within 30 minutes of waking, before coffee and before breakfast, sipped over 5 to 10 minutes.

1. Peel the ginger with the edge of a teaspoon and grate it finely into a large glass or jug.
2. Add the lemon juice, orange juice and sea salt (a pinch is plenty).
3. Top up with the water, cool or at room temperature, and stir until the salt has dissolved.
4. Leave for 2 minutes so the ginger flavours the water, then drink; strain it first if you prefer it without the gratings.

Tip: make the next morning's jug the night before and keep it in the fridge; stir before pouring.`,
    ingredients: [
      ['Water (ml)', 400],
      ['Lemon juice (ml)', 15],
      ['Orange juice (ml)', 50],
      ['Fresh ginger (g)', 5],
      ['Sea salt (tsp)', 0.1],
    ],
    palette: ['#f2c14e', '#fff3b0'],
  },
  {
    name: 'Saturni Elixir: Phase Two',
    group: 1,
    description: `The pre-training elixir: beetroot, coconut water and lime, light enough to train on.

Drink it 45 to 60 minutes before a session, so it has settled by your warm-up. On rest days, skip it.

1. Shake the beetroot juice carton well and pour the juice into a shaker or glass.
2. Add the coconut water, lime juice and sea salt.
3. Grate in the ginger, then shake or stir for 10 seconds.
4. Serve chilled, over ice if you like. It is ready when the colour is an even deep ruby with no salt left at the bottom.

Tip: beetroot juice can turn urine pink for a day; that is harmless and expected.`,
    ingredients: [
      ['Beetroot juice (ml)', 150],
      ['Coconut water (ml)', 150],
      ['Lime juice (ml)', 10],
      ['Fresh ginger (g)', 3],
      ['Sea salt (tsp)', 0.1],
    ],
    palette: ['#7b1e3a', '#e56b6f'],
  },
  {
    name: 'Saturni Elixir: Phase Three',
    group: 1,
    description: `The post-training recovery shake: protein, milk, banana and berries, blended smooth.

Drink it within an hour after training, then eat your next meal as usual 2 to 3 hours later.

1. Pour the milk and water into a blender, then add the protein powder so it does not stick to the base.
2. Add the banana, broken into chunks, the frozen berries and the cinnamon.
3. Blend on high for 30 to 45 seconds, until no streaks of powder or whole berries are left.
4. Pour and drink straight away: it thickens as it stands.

Tip: peel, slice and freeze ripe bananas in portions; a frozen banana makes the shake thick and cold without ice.`,
    ingredients: [
      ['Semi-skimmed milk (ml)', 200],
      ['Water (ml)', 100],
      ['Whey protein powder, vanilla (g)', 30],
      ['Banana (g)', 80],
      ['Mixed berries, frozen (g)', 60],
      ['Ground cinnamon (tsp)', 0.25],
    ],
    palette: ['#5e548e', '#e0b1cb'],
  },
  {
    name: 'Saturni Elixir: Phase Four',
    group: 1,
    description: `The evening wind-down: tart cherry, cocoa and almond drink with banana and pumpkin seeds, blended into a calm, chocolatey nightcap.

Drink it 60 to 90 minutes before bed, slowly, away from screens.

1. Put the pumpkin seeds in the blender first and blend them with the almond drink for 30 seconds, until fine.
2. Add the tart cherry juice, banana, cocoa powder and cinnamon.
3. Blend for another 20 to 30 seconds, until smooth and glossy with no dry cocoa left.
4. Drink it cool, or warm it gently in a small pan for 2 to 3 minutes, stirring, until steaming but not boiling.

Tip: use plain tart cherry juice (100% juice, no added sugar), not a cherry drink.`,
    ingredients: [
      ['Tart cherry juice (ml)', 120],
      ['Unsweetened almond drink (ml)', 150],
      ['Banana (g)', 60],
      ['Pumpkin seeds (g)', 10],
      ['Cocoa powder (g)', 5],
      ['Ground cinnamon (tsp)', 0.25],
    ],
    palette: ['#3d0c11', '#c1121f'],
  },
];

/** At least 5 recipes in EACH of groups 6, 7, 8, 9, 10, 11 (aim for 5 or 6 each). */
export const RECIPES: SeedRecipe[] = [
  // ---------------------------------------------------------------- 6 Vegan
  {
    name: 'Red lentil, sweet potato and spinach dal',
    group: 6,
    description: `A thick, gently spiced coconut dal with sweet potato and spinach, served over brown rice.

1. Rinse the lentils in a sieve until the water runs almost clear. Peel the sweet potato and cut it into 2 cm cubes.
2. Heat the oil in a large pan over a medium heat. Fry the finely chopped onion with the salt for 8 minutes, until soft and golden.
3. Add the crushed garlic, grated ginger and curry powder and stir for 1 minute, until fragrant.
4. Add the lentils, sweet potato, chopped tomatoes and coconut milk, plus about 250 ml of water per serving. Bring to the boil, then simmer for 20 to 25 minutes, stirring now and then, until the lentils have collapsed and the sweet potato is tender. Add a splash of water if it catches.
5. Stir in the spinach and cook for 1 minute, until just wilted. Serve over the hot rice.

Tip: the dal thickens as it cools; loosen leftovers with a little water when you reheat them.`,
    ingredients: [
      ['Red lentils, dry (g)', 75],
      ['Sweet potato (g)', 120],
      ['Onion (g)', 60],
      ['Garlic (cloves)', 1.5],
      ['Fresh ginger (g)', 5],
      ['Medium curry powder (tsp)', 1],
      ['Tinned chopped tomatoes (g)', 100],
      ['Light coconut milk (ml)', 80],
      ['Baby spinach (g)', 40],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Brown rice, cooked (g)', 120],
      ['Sea salt (tsp)', 0.25],
    ],
    palette: ['#c8553d', '#f6bd60'],
  },
  {
    name: 'Crispy tofu, broccoli and cashew stir-fry',
    group: 6,
    description: `Golden cubes of tofu with broccoli, red pepper and cashews in a sticky ginger and soy sauce, tossed with rice noodles.

1. Press the tofu between kitchen paper under a heavy board for 15 minutes, then cut it into 2 cm cubes.
2. Soak the noodles in just-boiled water for 6 to 8 minutes (or as the packet says), until soft, then drain and rinse under cold water.
3. Mix the soy sauce, maple syrup, sesame oil, grated ginger and crushed garlic in a cup.
4. Heat the rapeseed oil in a wok or large frying pan over a high heat. Fry the tofu for 6 to 8 minutes, turning, until golden and crisp on most sides. Lift it out.
5. Stir-fry the broccoli florets and sliced pepper for 3 to 4 minutes, adding a splash of water to steam the broccoli, until bright green and just tender.
6. Return the tofu, add the noodles, cashews and sauce and toss for 1 to 2 minutes, until the sauce is glossy and everything is hot. Scatter over the sliced spring onions.`,
    ingredients: [
      ['Extra-firm tofu (g)', 150],
      ['Broccoli (g)', 100],
      ['Red pepper (g)', 80],
      ['Spring onions (g)', 20],
      ['Garlic (cloves)', 1],
      ['Fresh ginger (g)', 5],
      ['Reduced-salt soy sauce (tbsp)', 1.5],
      ['Maple syrup (tbsp)', 0.5],
      ['Toasted sesame oil (tsp)', 1],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Cashew nuts (g)', 15],
      ['Rice noodles, dry (g)', 55],
    ],
    palette: ['#1b4332', '#f4a261'],
  },
  {
    name: 'Black bean and sweet potato chilli',
    group: 6,
    description: `A smoky, hearty bean chilli with sweet potato, served over quinoa with avocado and lime.

1. Heat the oil in a large pan over a medium heat. Fry the chopped onion and pepper for 8 minutes, until soft.
2. Add the crushed garlic, cumin and smoked paprika and stir for 1 minute.
3. Add the sweet potato, peeled and cut into 2 cm cubes, the chopped tomatoes, the drained beans and about 100 ml of water per serving.
4. Bring to the boil, cover and simmer for 20 minutes, then uncover and simmer for 5 to 10 minutes more, until the sweet potato is tender and the sauce is thick enough to hold a line when you drag a spoon through it.
5. Season with salt to taste. Serve over the warm quinoa, topped with sliced avocado and the lime juice squeezed over.

Tip: it freezes well for up to 3 months; freeze it without the avocado.`,
    ingredients: [
      ['Black beans, tinned, drained (g)', 150],
      ['Sweet potato (g)', 120],
      ['Onion (g)', 60],
      ['Red pepper (g)', 80],
      ['Garlic (cloves)', 1],
      ['Tinned chopped tomatoes (g)', 150],
      ['Ground cumin (tsp)', 1],
      ['Smoked paprika (tsp)', 0.5],
      ['Olive oil (tbsp)', 0.5],
      ['Quinoa, cooked (g)', 120],
      ['Avocado (g)', 40],
      ['Lime juice (ml)', 10],
    ],
    palette: ['#3c1518', '#d58936'],
  },
  {
    name: 'Mushroom, lentil and walnut ragù with wholewheat spaghetti',
    group: 6,
    description: `A rich, meat-free ragù of mushrooms, green lentils and toasted walnuts, tossed through wholewheat spaghetti.

1. Toast the walnuts in a dry frying pan over a medium heat for 3 to 4 minutes, until fragrant, then chop them finely.
2. Heat the oil in a large pan over a medium heat. Fry the finely chopped onion and carrot for 8 minutes, until soft.
3. Add the finely chopped mushrooms and cook for 8 to 10 minutes, stirring, until their liquid has gone and they start to brown.
4. Stir in the crushed garlic, tomato purée and oregano for 1 minute, then add the chopped tomatoes, lentils and walnuts. Simmer for 15 minutes, until thick. Season with the black pepper and salt to taste.
5. Meanwhile cook the spaghetti in a large pan of salted boiling water for 10 to 12 minutes, until al dente. Keep a mug of the cooking water, then drain.
6. Toss the spaghetti through the ragù with a splash of the cooking water, until every strand is coated.`,
    ingredients: [
      ['Wholewheat spaghetti, dry (g)', 80],
      ['Green lentils, cooked (g)', 100],
      ['Chestnut mushrooms (g)', 120],
      ['Walnuts (g)', 15],
      ['Onion (g)', 50],
      ['Carrots (g)', 50],
      ['Garlic (cloves)', 1],
      ['Tinned chopped tomatoes (g)', 150],
      ['Tomato purée (tbsp)', 1],
      ['Dried oregano (tsp)', 0.5],
      ['Olive oil (tbsp)', 0.5],
      ['Ground black pepper (tsp)', 0.25],
    ],
    palette: ['#582f0e', '#bc6c25'],
  },
  {
    name: 'Chickpea and aubergine traybake with tahini and bulgur',
    group: 6,
    description: `Roasted spiced chickpeas, aubergine, peppers and tomatoes over bulgur wheat, finished with a lemony tahini drizzle.

1. Heat the oven to 220°C (200°C fan). Cut the aubergine into 2 cm chunks, the pepper into strips and the red onion into wedges.
2. Toss the vegetables and drained chickpeas on a large roasting tray with the oil, cumin, smoked paprika and a pinch of salt. Spread them out in one layer.
3. Roast for 20 minutes, add the cherry tomatoes, then roast for 10 to 15 minutes more, until the aubergine is soft and browned at the edges and the tomatoes have burst.
4. Meanwhile put the bulgur in a pan with twice its volume of boiling water, cover and simmer for 10 minutes, then leave to stand off the heat for 5 minutes, until tender. Fluff with a fork.
5. Whisk the tahini with the lemon juice and 1 to 2 tbsp of water per serving, until smooth and pourable.
6. Spoon the bulgur onto plates, top with the traybake, drizzle with the tahini and scatter over the chopped parsley.`,
    ingredients: [
      ['Chickpeas, tinned, drained (g)', 120],
      ['Aubergine (g)', 120],
      ['Red onion (g)', 60],
      ['Red pepper (g)', 80],
      ['Cherry tomatoes (g)', 100],
      ['Olive oil (tbsp)', 1],
      ['Ground cumin (tsp)', 1],
      ['Smoked paprika (tsp)', 0.5],
      ['Bulgur wheat, dry (g)', 60],
      ['Tahini (tbsp)', 1],
      ['Lemon juice (ml)', 15],
      ['Fresh parsley (g)', 5],
    ],
    palette: ['#4a1942', '#e9c46a'],
  },
  {
    name: 'Tempeh satay with brown rice and greens',
    group: 6,
    description: `Seared tempeh in a creamy peanut and lime satay sauce, with pak choi and sugar snap peas over brown rice.

1. Cut the tempeh into 1 cm slices. Simmer them in a pan of water for 10 minutes to soften their bitterness, then drain and pat dry.
2. Whisk the peanut butter, coconut milk, soy sauce, maple syrup, lime juice and crushed garlic in a small pan. Warm over a low heat for 2 to 3 minutes, stirring, until smooth and glossy; add a splash of water if it is thicker than double cream.
3. Heat the oil in a frying pan over a medium-high heat and fry the tempeh for 3 minutes each side, until golden.
4. Add the halved pak choi and the sugar snap peas to the pan with 2 tbsp of water and cook for 2 to 3 minutes, until the leaves have wilted and the stems are tender but still crisp.
5. Serve the tempeh and greens over the hot rice, spoon over the satay sauce and scatter with the sliced chilli.`,
    ingredients: [
      ['Tempeh (g)', 120],
      ['Smooth peanut butter (g)', 20],
      ['Light coconut milk (ml)', 60],
      ['Reduced-salt soy sauce (tbsp)', 1],
      ['Maple syrup (tbsp)', 0.5],
      ['Lime juice (ml)', 10],
      ['Garlic (cloves)', 1],
      ['Pak choi (g)', 100],
      ['Sugar snap peas (g)', 60],
      ['Brown rice, cooked (g)', 140],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Red chilli (g)', 5],
    ],
    palette: ['#6b4226', '#a7c957'],
  },

  // ---------------------------------------------------------------- 7 Vegetarian
  {
    name: 'Shakshuka with chickpeas and feta',
    group: 7,
    description: `Eggs baked in a smoky pepper and tomato sauce with chickpeas, finished with feta and parsley, with sourdough to mop it up.

1. Heat the oil in a wide frying pan with a lid over a medium heat. Fry the sliced onion and pepper for 8 to 10 minutes, until soft and sweet.
2. Add the crushed garlic, cumin and smoked paprika and stir for 1 minute.
3. Add the chopped tomatoes and drained chickpeas and simmer for 10 minutes, until the sauce is thick. Season with salt and pepper.
4. Make a hollow in the sauce for each egg and crack the eggs in. Cover and cook over a low heat for 6 to 8 minutes, until the whites are set and the yolks still wobble.
5. Crumble over the feta, scatter with the chopped parsley and serve with the toasted sourdough.`,
    ingredients: [
      ['Eggs (whole)', 2],
      ['Tinned chopped tomatoes (g)', 200],
      ['Red pepper (g)', 100],
      ['Onion (g)', 60],
      ['Garlic (cloves)', 1],
      ['Chickpeas, tinned, drained (g)', 60],
      ['Ground cumin (tsp)', 0.5],
      ['Smoked paprika (tsp)', 0.5],
      ['Olive oil (tbsp)', 0.5],
      ['Feta (g)', 30],
      ['Fresh parsley (g)', 5],
      ['Sourdough bread (g)', 60],
    ],
    palette: ['#9d0208', '#ffba08'],
  },
  {
    name: 'Mushroom and pea barley risotto with a poached egg',
    group: 7,
    description: `A creamy pearl barley risotto with mushrooms, peas and spinach, finished with hard cheese and topped with a soft poached egg.

1. Rinse the barley in a sieve. Heat the stock in a pan and keep it at a gentle simmer.
2. Heat the oil and butter in a large pan over a medium heat. Fry the finely chopped onion for 6 minutes, until soft, then add the sliced mushrooms and garlic and cook for 5 minutes, until golden.
3. Stir in the barley, then add the hot stock a ladle at a time, stirring often and adding more as it is absorbed, for 35 to 40 minutes, until the barley is tender with a slight bite and the risotto is creamy. Add hot water if you run out of stock.
4. Stir in the peas and spinach for the last 3 minutes, until the peas are hot and the spinach has wilted. Take off the heat, stir in most of the grated cheese and season with the black pepper.
5. Meanwhile bring a pan of water to a bare simmer, crack in the eggs and poach for 3 minutes, until the whites are set. Lift out with a slotted spoon.
6. Serve the risotto topped with the egg and the rest of the cheese.`,
    ingredients: [
      ['Pearl barley, dry (g)', 80],
      ['Chestnut mushrooms (g)', 150],
      ['Onion (g)', 50],
      ['Garlic (cloves)', 1],
      ['Vegetable stock (ml)', 400],
      ['Frozen peas (g)', 60],
      ['Baby spinach (g)', 50],
      ['Vegetarian Italian-style hard cheese (g)', 20],
      ['Butter (g)', 5],
      ['Olive oil (tbsp)', 0.5],
      ['Eggs (whole)', 1],
      ['Ground black pepper (tsp)', 0.25],
    ],
    palette: ['#6c584c', '#dde5b6'],
  },
  {
    name: 'Paneer, pea and spinach curry with basmati rice',
    group: 7,
    description: `Golden paneer in a gingery tomato and spinach sauce with peas, made creamy with yoghurt and served with basmati rice.

1. Cut the paneer into 2 cm cubes. Heat half the oil in a large non-stick pan over a medium-high heat and fry the paneer for 4 to 5 minutes, turning, until golden on most sides. Lift it out.
2. Add the rest of the oil and the finely chopped onion and fry for 8 minutes, until golden.
3. Add the crushed garlic, grated ginger and curry powder and stir for 1 minute, until fragrant.
4. Add the chopped tomatoes and about 50 ml of water per serving and simmer for 8 minutes, until thick.
5. Stir in the spinach a handful at a time until wilted, then add the peas and paneer and simmer for 4 minutes, until the peas are hot.
6. Take the pan off the heat and stir in the yoghurt (off the heat, so it does not split). Season with salt, scatter with coriander and serve with the hot rice.`,
    ingredients: [
      ['Paneer (g)', 80],
      ['Frozen peas (g)', 80],
      ['Baby spinach (g)', 80],
      ['Onion (g)', 80],
      ['Garlic (cloves)', 1.5],
      ['Fresh ginger (g)', 8],
      ['Tinned chopped tomatoes (g)', 120],
      ['Medium curry powder (tsp)', 1.5],
      ['Greek yoghurt, 0% fat (g)', 40],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Basmati rice, cooked (g)', 150],
      ['Fresh coriander (g)', 5],
    ],
    palette: ['#386641', '#f2e8cf'],
  },
  {
    name: 'Halloumi, roasted vegetable and quinoa bowl with minted yoghurt',
    group: 7,
    description: `Roasted courgette, pepper, red onion and tomatoes with chickpeas and quinoa, topped with griddled halloumi and a minted yoghurt.

1. Heat the oven to 220°C (200°C fan). Cut the courgette into half-moons, the pepper into strips and the onion into wedges.
2. Toss them with the drained chickpeas, the oil and the oregano on a roasting tray. Roast for 20 minutes, add the cherry tomatoes and roast for 10 minutes more, until the vegetables are tender and charred at the edges.
3. Stir the finely chopped mint and half the lemon juice into the yoghurt.
4. Slice the halloumi 1 cm thick and cook it in a dry non-stick pan or griddle over a medium-high heat for 2 minutes each side, until golden brown.
5. Toss the warm quinoa with the roasted vegetables and the rest of the lemon juice, top with the halloumi and spoon over the minted yoghurt.`,
    ingredients: [
      ['Halloumi (g)', 60],
      ['Courgette (g)', 120],
      ['Red pepper (g)', 100],
      ['Red onion (g)', 60],
      ['Cherry tomatoes (g)', 80],
      ['Chickpeas, tinned, drained (g)', 60],
      ['Olive oil (tbsp)', 0.5],
      ['Dried oregano (tsp)', 0.5],
      ['Quinoa, cooked (g)', 150],
      ['Greek yoghurt, 0% fat (g)', 60],
      ['Fresh mint (g)', 3],
      ['Lemon juice (ml)', 10],
    ],
    palette: ['#bc4749', '#f6f0d8'],
  },
  {
    name: 'Vegetable egg-fried brown rice with edamame',
    group: 7,
    description: `A quick, high-protein fried rice with egg, edamame, peas and carrot, seasoned with soy, ginger and sesame.

1. Use cold cooked rice (cooked the day before and kept in the fridge): it fries without clumping.
2. Cook the edamame and peas in boiling water for 3 minutes, then drain.
3. Heat the rapeseed oil in a wok or large frying pan over a high heat. Stir-fry the finely diced carrot for 2 minutes, then the crushed garlic, grated ginger and sliced chilli for 30 seconds.
4. Add the rice and stir-fry for 3 to 4 minutes, pressing it against the pan, until piping hot and starting to crisp.
5. Push the rice to one side, crack the eggs into the space and scramble them for 1 minute, until just set, then toss them through the rice.
6. Add the edamame, peas, soy sauce and sesame oil and toss for 1 minute. Scatter with the sliced spring onions and serve.`,
    ingredients: [
      ['Brown rice, cooked (g)', 200],
      ['Eggs (whole)', 2],
      ['Edamame beans, frozen (g)', 80],
      ['Frozen peas (g)', 50],
      ['Carrots (g)', 60],
      ['Spring onions (g)', 20],
      ['Garlic (cloves)', 1],
      ['Fresh ginger (g)', 5],
      ['Red chilli (g)', 5],
      ['Reduced-salt soy sauce (tbsp)', 1.5],
      ['Toasted sesame oil (tsp)', 1],
      ['Rapeseed oil (tbsp)', 0.5],
    ],
    palette: ['#e76f51', '#ffe8a3'],
  },
  {
    name: 'Loaded sweet potatoes with smoky beans and Cheddar',
    group: 7,
    description: `Baked sweet potatoes split and filled with smoky kidney beans and spinach, topped with melted Cheddar, yoghurt and spring onion.

1. Heat the oven to 200°C (180°C fan). Prick the sweet potatoes all over with a fork and bake them on a tray for 45 to 55 minutes, until a knife slides into the middle with no resistance.
2. Meanwhile heat the oil in a pan over a medium heat and fry the chopped red onion for 6 minutes, until soft. Add the cumin and smoked paprika for 30 seconds.
3. Add the drained beans and chopped tomatoes and simmer for 10 minutes, until thick. Stir in the spinach until wilted and season with salt and pepper.
4. Split the potatoes open, spoon in the beans and top with the grated Cheddar. Return to the oven for 5 minutes, until the cheese has melted.
5. Finish with a spoonful of yoghurt and the sliced spring onions.`,
    ingredients: [
      ['Sweet potato (g)', 280],
      ['Kidney beans, tinned, drained (g)', 120],
      ['Tinned chopped tomatoes (g)', 100],
      ['Red onion (g)', 40],
      ['Smoked paprika (tsp)', 0.5],
      ['Ground cumin (tsp)', 0.5],
      ['Olive oil (tbsp)', 0.5],
      ['Baby spinach (g)', 40],
      ['Mature Cheddar (g)', 25],
      ['Greek yoghurt, 0% fat (g)', 50],
      ['Spring onions (g)', 10],
    ],
    palette: ['#9c6644', '#ffb703'],
  },

  // ---------------------------------------------------------------- 8 Pescatarian
  {
    name: 'Baked salmon with new potatoes, green beans and dill yoghurt',
    group: 8,
    description: `Oven-baked salmon with boiled new potatoes, green beans and a lemon, garlic and dill yoghurt.

1. Heat the oven to 200°C (180°C fan). Halve any large potatoes and boil them in salted water for 15 to 18 minutes, until a knife slides in easily. Add the trimmed green beans for the last 4 minutes, then drain.
2. Meanwhile put the salmon skin side down on a lined tray, rub with half the oil and season with salt and pepper. Bake for 12 to 15 minutes, until the flesh is opaque and flakes when pressed with a fork.
3. Stir the chopped dill, half the lemon juice and the finely grated garlic into the yoghurt.
4. Toss the potatoes and beans with the rest of the oil and lemon juice. Serve with the salmon and the dill yoghurt.`,
    ingredients: [
      ['Salmon fillet, raw (g)', 130],
      ['New potatoes (g)', 200],
      ['Green beans (g)', 100],
      ['Olive oil (tbsp)', 0.5],
      ['Greek yoghurt, 0% fat (g)', 60],
      ['Fresh dill (g)', 3],
      ['Lemon juice (ml)', 10],
      ['Garlic (cloves)', 0.5],
      ['Sea salt (tsp)', 0.25],
      ['Ground black pepper (tsp)', 0.25],
    ],
    palette: ['#14213d', '#fca311'],
  },
  {
    name: 'Prawn, pea and lemon linguine',
    group: 8,
    description: `Linguine with garlicky king prawns, peas and spinach, lifted with lemon, chilli and parsley.

1. Cook the linguine in a large pan of salted boiling water for 9 to 11 minutes, until al dente. Add the peas for the last 2 minutes. Keep a mug of the cooking water, then drain.
2. Meanwhile heat the oil in a large frying pan over a medium heat. Add the sliced garlic and chilli and cook for 1 minute, until the garlic is pale gold; do not let it brown.
3. Add the prawns and cook for 2 to 3 minutes, turning once, until pink all the way through.
4. Add the linguine, peas, spinach, lemon juice and a good splash of the cooking water and toss for 1 minute, until the spinach has wilted and the sauce coats the pasta.
5. Season with the black pepper, scatter with the chopped parsley and serve straight away.`,
    ingredients: [
      ['Linguine, dry (g)', 85],
      ['King prawns, raw (g)', 120],
      ['Frozen peas (g)', 70],
      ['Garlic (cloves)', 1.5],
      ['Red chilli (g)', 5],
      ['Olive oil (tbsp)', 1],
      ['Lemon juice (ml)', 15],
      ['Baby spinach (g)', 40],
      ['Fresh parsley (g)', 5],
      ['Ground black pepper (tsp)', 0.25],
    ],
    palette: ['#ee6c4d', '#f7ede2'],
  },
  {
    name: 'Cod with tomato, olive and butter bean stew',
    group: 8,
    description: `Cod fillets steamed on a smoky tomato, olive and butter bean stew with spinach, with sourdough on the side.

1. Heat the oil in a wide pan with a lid over a medium heat. Fry the sliced red onion for 6 to 8 minutes, until soft. Add the sliced garlic and smoked paprika for 1 minute.
2. Add the chopped tomatoes, drained butter beans, halved olives and about 50 ml of water per serving. Simmer for 10 minutes, until slightly thickened.
3. Stir in the spinach until wilted. Season the cod with salt and pepper and sit it on top of the stew.
4. Cover and cook over a low heat for 8 to 10 minutes, until the fish is opaque and flakes easily.
5. Scatter with the chopped parsley and serve with the toasted sourdough.`,
    ingredients: [
      ['Cod fillet, raw (g)', 150],
      ['Butter beans, tinned, drained (g)', 150],
      ['Tinned chopped tomatoes (g)', 150],
      ['Red onion (g)', 60],
      ['Garlic (cloves)', 1],
      ['Smoked paprika (tsp)', 0.5],
      ['Black olives, pitted (g)', 20],
      ['Olive oil (tbsp)', 1],
      ['Baby spinach (g)', 50],
      ['Fresh parsley (g)', 5],
      ['Sourdough bread (g)', 50],
    ],
    palette: ['#264653', '#e63946'],
  },
  {
    name: 'Sticky sesame salmon rice bowl',
    group: 8,
    description: `Salmon glazed with soy, maple and ginger over brown rice with edamame, crunchy cucumber and carrot.

1. Heat the oven to 200°C (180°C fan). Mix the soy sauce, maple syrup, grated ginger and lime juice.
2. Put the salmon on a lined tray and spoon over half the glaze. Bake for 10 minutes, spoon over the rest and bake for 3 to 5 minutes more, until sticky and the flesh flakes.
3. Meanwhile cook the edamame in boiling water for 3 minutes and drain. Cut the cucumber into half-moons and the carrot into fine matchsticks.
4. Toast the sesame seeds in a dry pan for 2 minutes, until golden.
5. Fill bowls with the warm rice, the salmon, edamame, cucumber and carrot. Spoon over any glaze from the tray and scatter with the sesame seeds and sliced spring onions.`,
    ingredients: [
      ['Salmon fillet, raw (g)', 120],
      ['Brown rice, cooked (g)', 150],
      ['Edamame beans, frozen (g)', 60],
      ['Cucumber (g)', 60],
      ['Carrots (g)', 50],
      ['Reduced-salt soy sauce (tbsp)', 1],
      ['Maple syrup (tbsp)', 0.5],
      ['Fresh ginger (g)', 5],
      ['Lime juice (ml)', 10],
      ['Sesame seeds (g)', 5],
      ['Spring onions (g)', 15],
    ],
    palette: ['#2b2d42', '#ef8354'],
  },
  {
    name: 'Thai green prawn curry with jasmine rice',
    group: 8,
    description: `A fragrant green curry with king prawns, green beans, pepper and spinach in light coconut milk, served with jasmine rice.

1. Heat the oil in a wok or large pan over a medium heat. Fry the curry paste for 1 minute, stirring, until fragrant.
2. Add the coconut milk and about 50 ml of water per serving and bring to a simmer.
3. Add the green beans, cut into short lengths, and the sliced pepper and simmer for 4 minutes, until just tender.
4. Add the prawns and simmer for 3 minutes, until pink all the way through. Stir in the spinach until wilted.
5. Take off the heat and season with the fish sauce and lime juice: taste, it should be salty, sour and a little hot. Tear in the basil and serve with the rice.`,
    ingredients: [
      ['King prawns, raw (g)', 130],
      ['Thai green curry paste (tbsp)', 1],
      ['Light coconut milk (ml)', 120],
      ['Green beans (g)', 60],
      ['Red pepper (g)', 80],
      ['Baby spinach (g)', 40],
      ['Fish sauce (tbsp)', 0.5],
      ['Lime juice (ml)', 10],
      ['Fresh basil (g)', 5],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Jasmine rice, cooked (g)', 180],
    ],
    palette: ['#2d6a4f', '#d8f3dc'],
  },
  {
    name: 'Spiced cod tacos with lime slaw',
    group: 8,
    description: `Warm corn tortillas filled with smoky pan-fried cod, black beans, avocado and a crunchy lime and yoghurt slaw.

1. Finely shred the cabbage and slice the red onion thinly. Toss with half the lime juice, the yoghurt and a pinch of salt; leave for 10 minutes to soften slightly.
2. Rub the cod with the cumin, smoked paprika and a pinch of salt.
3. Heat the oil in a non-stick frying pan over a medium-high heat and cook the cod for 3 to 4 minutes each side, until opaque and it flakes into large pieces.
4. Warm the drained beans in a small pan with a splash of water for 3 minutes. Mash the avocado with the rest of the lime juice.
5. Warm the tortillas in a dry pan for 30 seconds each side, until soft and flecked brown.
6. Spread each tortilla with avocado, add beans, flaked cod and slaw, and finish with the coriander.`,
    ingredients: [
      ['Cod fillet, raw (g)', 140],
      ['Corn tortillas (small)', 3],
      ['Black beans, tinned, drained (g)', 60],
      ['White cabbage (g)', 60],
      ['Red onion (g)', 20],
      ['Greek yoghurt, 0% fat (g)', 50],
      ['Lime juice (ml)', 15],
      ['Ground cumin (tsp)', 0.5],
      ['Smoked paprika (tsp)', 0.5],
      ['Avocado (g)', 50],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Fresh coriander (g)', 5],
    ],
    palette: ['#0077b6', '#ffd166'],
  },

  // ---------------------------------------------------------------- 9 Prep (keeps 3-4 days in the fridge)
  {
    name: 'Chicken, sweet potato and broccoli prep boxes',
    group: 9,
    description: `Lemony oregano chicken with roasted sweet potato and broccoli and a garlic yoghurt dip, portioned into boxes for the week.

1. Heat the oven to 220°C (200°C fan). Cut the sweet potato into 2 cm cubes and toss with half the oil, the smoked paprika and a pinch of salt on a large tray. Roast for 15 minutes.
2. Meanwhile toss the chicken with the rest of the oil, the oregano, half the lemon juice, salt and the black pepper.
3. Add the chicken to a second tray and roast both for 20 to 25 minutes. Add the broccoli florets to the potato tray for the last 10 minutes. The chicken is done when the thickest part is white all the way through with clear juices (75°C on a thermometer).
4. Stir the finely grated garlic and the rest of the lemon juice into the yoghurt.
5. Cool everything within an hour, slice the chicken and divide between boxes, with the yoghurt in small pots. Keep in the fridge and eat within 3 days; reheat until piping hot.`,
    ingredients: [
      ['Chicken breast, skinless, raw (g)', 150],
      ['Sweet potato (g)', 200],
      ['Broccoli (g)', 120],
      ['Olive oil (tbsp)', 1],
      ['Smoked paprika (tsp)', 0.5],
      ['Dried oregano (tsp)', 0.5],
      ['Lemon juice (ml)', 10],
      ['Garlic (cloves)', 1],
      ['Greek yoghurt, 0% fat (g)', 50],
      ['Sea salt (tsp)', 0.25],
      ['Ground black pepper (tsp)', 0.25],
    ],
    palette: ['#3a5a40', '#f28f3b'],
  },
  {
    name: 'Turkey chilli con carne with brown rice',
    group: 9,
    description: `A lean, smoky turkey and kidney bean chilli that tastes better on day two; made in one big pan and portioned out.

1. Heat the oil in a large casserole over a medium-high heat. Brown the turkey mince for 6 to 8 minutes, breaking it up with a spoon, until no pink is left.
2. Add the chopped onion and pepper and cook for 6 minutes, until soft. Stir in the crushed garlic, cumin, chilli powder, smoked paprika and tomato purée for 1 minute.
3. Add the chopped tomatoes, drained beans and about 50 ml of water per serving. Simmer uncovered for 25 to 30 minutes, stirring now and then, until thick and rich. Season with salt.
4. Cool within an hour, divide into boxes and keep in the fridge for up to 4 days (or freeze for 3 months). Reheat until piping hot.
5. Cook the rice fresh on the day you eat, or use a microwave pouch: cooked rice should be kept no longer than a day in the fridge.`,
    ingredients: [
      ['Turkey mince, 5% fat, raw (g)', 125],
      ['Kidney beans, tinned, drained (g)', 100],
      ['Onion (g)', 60],
      ['Red pepper (g)', 80],
      ['Garlic (cloves)', 1],
      ['Tinned chopped tomatoes (g)', 150],
      ['Tomato purée (tbsp)', 1],
      ['Ground cumin (tsp)', 1],
      ['Chilli powder (tsp)', 0.5],
      ['Smoked paprika (tsp)', 0.5],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Brown rice, cooked (g)', 150],
    ],
    palette: ['#6a040f', '#f48c06'],
  },
  {
    name: 'Beef and lentil bolognese batch',
    group: 9,
    description: `A big-batch bolognese of lean beef and green lentils, with wholewheat spaghetti and a little hard cheese.

1. Heat the oil in a large casserole over a medium-high heat. Brown the mince for 6 to 8 minutes, breaking it up, until no pink is left.
2. Add the finely chopped onion, carrot and celery and cook for 8 minutes, until soft. Stir in the crushed garlic, tomato purée and oregano for 1 minute.
3. Add the chopped tomatoes, lentils and about 50 ml of water per serving. Simmer gently, partly covered, for 30 minutes, until thick and glossy. Season with salt and pepper.
4. Cook the spaghetti in salted boiling water for 10 to 12 minutes, until al dente; drain and toss with a little of the sauce so it does not stick.
5. Cool within an hour and divide the pasta and sauce between boxes, with the grated cheese on top. Keep in the fridge for up to 4 days and reheat until piping hot.`,
    ingredients: [
      ['Lean beef mince, 5% fat, raw (g)', 100],
      ['Green lentils, cooked (g)', 80],
      ['Onion (g)', 50],
      ['Carrots (g)', 50],
      ['Celery (g)', 40],
      ['Garlic (cloves)', 1],
      ['Tinned chopped tomatoes (g)', 150],
      ['Tomato purée (tbsp)', 1],
      ['Dried oregano (tsp)', 0.5],
      ['Olive oil (tbsp)', 0.5],
      ['Wholewheat spaghetti, dry (g)', 75],
      ['Vegetarian Italian-style hard cheese (g)', 10],
    ],
    palette: ['#7f2f1f', '#e9c46a'],
  },
  {
    name: 'Chickpea and squash tagine with couscous',
    group: 9,
    description: `A vegan, warmly spiced tagine of chickpeas, butternut squash and carrot with sultanas, served with wholewheat couscous.

1. Heat the oil in a large casserole over a medium heat. Fry the chopped red onion for 6 to 8 minutes, until soft.
2. Add the crushed garlic, cumin, cinnamon and turmeric and stir for 1 minute, until fragrant.
3. Add the squash and carrot, peeled and cut into 2 cm chunks, the chopped tomatoes, drained chickpeas, sultanas and about 150 ml of water per serving.
4. Cover and simmer for 25 to 30 minutes, until the squash is tender but holding its shape. Season with salt.
5. Put the couscous in a bowl, pour over an equal volume of boiling water, cover and leave for 5 minutes, then fluff with a fork.
6. Cool within an hour, divide into boxes and keep in the fridge for up to 4 days. Reheat the tagine until piping hot; the couscous can be eaten warm or cold.`,
    ingredients: [
      ['Chickpeas, tinned, drained (g)', 150],
      ['Butternut squash (g)', 150],
      ['Red onion (g)', 60],
      ['Carrots (g)', 60],
      ['Tinned chopped tomatoes (g)', 150],
      ['Garlic (cloves)', 1],
      ['Ground cumin (tsp)', 1],
      ['Ground cinnamon (tsp)', 0.25],
      ['Ground turmeric (tsp)', 0.5],
      ['Sultanas (g)', 15],
      ['Olive oil (tbsp)', 0.5],
      ['Wholewheat couscous, dry (g)', 60],
    ],
    palette: ['#b5651d', '#ffd89b'],
  },
  {
    name: 'Chicken and black bean burrito bowls',
    group: 9,
    description: `Smoky chicken thighs with quinoa, black beans, sweetcorn and peppers: burrito flavours, boxed for the week.

1. Heat the oven to 220°C (200°C fan). Cut the chicken into bite-sized pieces and toss with half the oil, the smoked paprika, cumin and a pinch of salt.
2. Spread the chicken on one side of a large tray and the sliced pepper and red onion on the other, tossed in the rest of the oil. Roast for 20 to 25 minutes, until the chicken is cooked through (no pink, clear juices, 75°C) and the peppers are charred at the edges.
3. Warm the drained black beans and sweetcorn together in a pan for 3 minutes, then stir in half the lime juice.
4. Divide the quinoa, beans and corn, chicken and peppers between boxes. Cool within an hour and keep in the fridge for up to 3 days.
5. To serve, reheat until piping hot, then top with the yoghurt, the rest of the lime juice and the coriander.`,
    ingredients: [
      ['Chicken thighs, skinless boneless, raw (g)', 130],
      ['Quinoa, cooked (g)', 150],
      ['Black beans, tinned, drained (g)', 80],
      ['Sweetcorn, tinned, drained (g)', 50],
      ['Red pepper (g)', 80],
      ['Red onion (g)', 40],
      ['Smoked paprika (tsp)', 0.5],
      ['Ground cumin (tsp)', 0.5],
      ['Lime juice (ml)', 10],
      ['Greek yoghurt, 0% fat (g)', 40],
      ['Rapeseed oil (tbsp)', 0.5],
      ['Fresh coriander (g)', 5],
    ],
    palette: ['#283618', '#dda15e'],
  },
  {
    name: 'Protein overnight oats with berries and peanut butter',
    group: 9,
    description: `Breakfast for the next three days, made in five minutes: oats soaked overnight with milk, yoghurt, whey and chia, topped with berries and peanut butter.

1. In a bowl, whisk the protein powder into the milk until there are no lumps.
2. Stir in the oats, chia seeds, yoghurt and cinnamon until evenly mixed.
3. Divide between jars or boxes, top each with the berries (straight from frozen is fine) and the peanut butter.
4. Cover and chill for at least 6 hours, or overnight, until the oats are soft and the mixture is thick enough to hold a spoon upright.
5. Keep in the fridge for up to 3 days. Eat cold, or loosen with a splash of milk and warm in the microwave for 1 to 2 minutes, stirring halfway.`,
    ingredients: [
      ['Rolled oats (g)', 60],
      ['Semi-skimmed milk (ml)', 150],
      ['Greek yoghurt, 0% fat (g)', 100],
      ['Whey protein powder, vanilla (g)', 15],
      ['Chia seeds (g)', 10],
      ['Mixed berries, frozen (g)', 80],
      ['Smooth peanut butter (g)', 15],
      ['Ground cinnamon (tsp)', 0.25],
    ],
    palette: ['#6d597a', '#eaac8b'],
  },

  // ---------------------------------------------------------------- 10 Salads
  {
    name: 'Greek salad with chickpeas and feta',
    group: 10,
    description: `A classic Greek salad of tomato, cucumber, pepper and olives, made more filling with chickpeas and finished with feta and oregano.

1. Cut the cucumber into thick half-moons, halve the cherry tomatoes, slice the pepper and slice the red onion as thinly as you can.
2. Put the onion in the bottom of a bowl with the lemon juice and a pinch of salt and leave for 5 minutes to soften its bite.
3. Add the cucumber, tomatoes, pepper, olives and drained chickpeas, pour over the oil and toss.
4. Break the feta over the top in large pieces, sprinkle with the oregano and serve.

Tip: it keeps well for a packed lunch if you add the feta just before eating.`,
    ingredients: [
      ['Cucumber (g)', 100],
      ['Cherry tomatoes (g)', 120],
      ['Red pepper (g)', 60],
      ['Red onion (g)', 30],
      ['Black olives, pitted (g)', 20],
      ['Chickpeas, tinned, drained (g)', 80],
      ['Feta (g)', 40],
      ['Olive oil (tbsp)', 1],
      ['Lemon juice (ml)', 10],
      ['Dried oregano (tsp)', 0.5],
    ],
    palette: ['#1d3557', '#a8dadc'],
  },
  {
    name: 'Chicken Caesar-style salad with yoghurt dressing',
    group: 10,
    description: `Crisp romaine with griddled chicken, sourdough croutons and a light, tangy yoghurt Caesar-style dressing.

1. Heat the oven to 200°C (180°C fan). Tear the sourdough into bite-sized pieces, toss with half the oil and bake for 8 to 10 minutes, until golden and crisp.
2. Flatten the chicken between two sheets of baking paper with a rolling pin until it is an even 1.5 cm thick. Rub with the rest of the oil and season with salt and the black pepper.
3. Cook the chicken in a griddle or frying pan over a medium-high heat for 4 to 5 minutes each side, until white all the way through with clear juices. Rest it for 3 minutes, then slice.
4. Whisk the yoghurt with the mustard, lemon juice, finely grated garlic and most of the grated cheese, plus a splash of water, until it is thick but pourable.
5. Toss the torn romaine and halved tomatoes with the dressing, top with the chicken and croutons and finish with the rest of the cheese.`,
    ingredients: [
      ['Chicken breast, skinless, raw (g)', 130],
      ['Romaine lettuce (g)', 100],
      ['Cherry tomatoes (g)', 60],
      ['Sourdough bread (g)', 40],
      ['Olive oil (tbsp)', 0.5],
      ['Greek yoghurt, 0% fat (g)', 40],
      ['Dijon mustard (tsp)', 1],
      ['Lemon juice (ml)', 10],
      ['Garlic (cloves)', 0.5],
      ['Vegetarian Italian-style hard cheese (g)', 15],
      ['Ground black pepper (tsp)', 0.25],
    ],
    palette: ['#588157', '#f1faee'],
  },
  {
    name: 'Tuna Niçoise',
    group: 10,
    description: `The Provençal classic: tuna, new potatoes, green beans, a soft-boiled egg, tomatoes and olives with a mustard dressing.

1. Boil the new potatoes in salted water for 15 to 18 minutes, until tender; add the trimmed green beans for the last 4 minutes. Drain and cool under cold water.
2. Meanwhile lower the eggs into a pan of boiling water and cook for 7 minutes, for a just-set jammy yolk. Cool in cold water, then peel and halve.
3. Whisk the oil, mustard and lemon juice with a pinch of salt and pepper until thick.
4. Arrange the lettuce leaves, halved potatoes, beans, halved tomatoes, thinly sliced red onion and olives on plates.
5. Flake over the drained tuna in large pieces, add the eggs and spoon over the dressing.`,
    ingredients: [
      ['Tuna in spring water, drained (g)', 100],
      ['New potatoes (g)', 120],
      ['Green beans (g)', 80],
      ['Eggs (whole)', 1],
      ['Cherry tomatoes (g)', 80],
      ['Black olives, pitted (g)', 15],
      ['Romaine lettuce (g)', 60],
      ['Red onion (g)', 20],
      ['Olive oil (tbsp)', 1],
      ['Dijon mustard (tsp)', 1],
      ['Lemon juice (ml)', 10],
    ],
    palette: ['#005f73', '#ee9b00'],
  },
  {
    name: 'Smoked mackerel, beetroot and lentil salad',
    group: 10,
    description: `Peppery rocket with smoked mackerel, earthy beetroot and green lentils, dressed with a mustard and dill yoghurt.

1. Whisk the yoghurt with the mustard, lemon juice and chopped dill, plus a splash of water, until it is pourable. Season with pepper.
2. Slice the red onion very thinly. Cut the beetroot into wedges.
3. Toss the rocket with the lentils and onion and spread over plates.
4. Add the beetroot, then break the mackerel over the top in large flakes, leaving the skin behind.
5. Spoon over the dressing just before serving, so the beetroot does not bleed into it.`,
    ingredients: [
      ['Smoked mackerel fillets (g)', 70],
      ['Beetroot, cooked (g)', 100],
      ['Green lentils, cooked (g)', 80],
      ['Rocket (g)', 40],
      ['Red onion (g)', 20],
      ['Greek yoghurt, 0% fat (g)', 40],
      ['Dijon mustard (tsp)', 1],
      ['Lemon juice (ml)', 10],
      ['Fresh dill (g)', 3],
    ],
    palette: ['#6f1d1b', '#bb9457'],
  },
  {
    name: 'Roasted squash, quinoa and pomegranate salad',
    group: 10,
    description: `A vegan salad of cumin-roasted butternut squash, quinoa, edamame and rocket with toasted pumpkin seeds, pomegranate and a lemon tahini dressing.

1. Heat the oven to 220°C (200°C fan). Peel the squash, cut it into 2 cm cubes and toss with the oil, cumin and a pinch of salt. Roast for 25 to 30 minutes, turning once, until soft and caramelised at the edges.
2. Meanwhile cook the edamame in boiling water for 3 minutes, then drain and cool under cold water.
3. Toast the pumpkin seeds in a dry pan for 2 to 3 minutes, until they start to pop.
4. Whisk the tahini with the lemon juice and 1 to 2 tbsp of water per serving until smooth.
5. Toss the quinoa, rocket, edamame and thinly sliced red onion with half the dressing. Top with the squash, pomegranate seeds and pumpkin seeds and drizzle over the rest.`,
    ingredients: [
      ['Butternut squash (g)', 200],
      ['Quinoa, cooked (g)', 120],
      ['Edamame beans, frozen (g)', 40],
      ['Rocket (g)', 30],
      ['Red onion (g)', 30],
      ['Pomegranate seeds (g)', 40],
      ['Pumpkin seeds (g)', 15],
      ['Olive oil (tbsp)', 0.5],
      ['Ground cumin (tsp)', 0.5],
      ['Tahini (tbsp)', 0.5],
      ['Lemon juice (ml)', 15],
    ],
    palette: ['#9e2a2b', '#f3a712'],
  },
  {
    name: 'Thai-style steak and noodle salad',
    group: 10,
    description: `Seared sirloin sliced over rice noodles, cucumber, carrot and cabbage with lots of fresh herbs and a sharp lime and fish sauce dressing.

1. Take the steak out of the fridge 20 minutes before cooking. Soak the noodles in just-boiled water for 6 to 8 minutes, until soft, then drain and rinse under cold water.
2. Whisk the lime juice, fish sauce, maple syrup and finely chopped chilli until the syrup has dissolved.
3. Heat a heavy frying pan over a high heat until smoking. Cook the steak for 2 to 3 minutes each side for medium-rare (it should feel springy when pressed), then rest it for 5 minutes and slice thinly across the grain.
4. Toss the noodles with the cucumber and carrot cut into matchsticks, the finely shredded cabbage, the mint and coriander leaves and most of the dressing.
5. Top with the steak and the roughly chopped cashews and spoon over the rest of the dressing.`,
    ingredients: [
      ['Sirloin steak, trimmed, raw (g)', 120],
      ['Rice noodles, dry (g)', 30],
      ['Cucumber (g)', 60],
      ['Carrots (g)', 50],
      ['White cabbage (g)', 50],
      ['Fresh mint (g)', 3],
      ['Fresh coriander (g)', 5],
      ['Lime juice (ml)', 20],
      ['Fish sauce (tbsp)', 1],
      ['Maple syrup (tbsp)', 0.25],
      ['Red chilli (g)', 5],
      ['Cashew nuts (g)', 10],
    ],
    palette: ['#3a0ca3', '#f72585'],
  },

  // ---------------------------------------------------------------- 11 Desserts
  {
    name: 'Strawberry and quark Eton mess',
    group: 11,
    description: `The English summer pudding made lighter and higher in protein: whipped quark and yoghurt folded with strawberries, raspberries and crushed meringue.

1. Hull and quarter the strawberries. Mash a third of them with the raspberries and half the maple syrup to a rough sauce.
2. Whisk the quark, yoghurt, protein powder and the rest of the maple syrup for 1 minute, until smooth and fluffy.
3. Just before serving, break the meringue into large pieces and fold it through the cream with the chopped strawberries and the sauce, in a few strokes so it stays rippled.
4. Spoon into glasses and top with torn mint leaves.

Tip: fold in the meringue at the last minute; it softens within 15 minutes.`,
    ingredients: [
      ['Quark (g)', 100],
      ['Greek yoghurt, 0% fat (g)', 50],
      ['Whey protein powder, vanilla (g)', 10],
      ['Strawberries (g)', 100],
      ['Raspberries (g)', 40],
      ['Meringue nests (whole)', 1],
      ['Maple syrup (tbsp)', 0.5],
      ['Fresh mint (g)', 1],
    ],
    palette: ['#d00000', '#ffe5ec'],
  },
  {
    name: 'Dark chocolate silken tofu mousse',
    group: 11,
    description: `A rich, dairy-free chocolate mousse set with silken tofu, topped with raspberries and toasted almonds.

1. Melt the chocolate in a heatproof bowl set over a pan of barely simmering water (the bowl must not touch the water), stirring, until smooth. Leave to cool for 5 minutes.
2. Drain the tofu and blend it with the cocoa powder, maple syrup and salt for 1 minute, until completely smooth.
3. Add the melted chocolate and blend again for 30 seconds, scraping down the sides, until glossy and even in colour.
4. Spoon into small glasses and chill for at least 2 hours, until set like a soft mousse.
5. Toast the flaked almonds in a dry pan for 2 minutes, until golden, and scatter over with the raspberries before serving.`,
    ingredients: [
      ['Silken tofu (g)', 120],
      ['Dark chocolate 70%, dairy-free (g)', 25],
      ['Cocoa powder (g)', 3],
      ['Maple syrup (tbsp)', 0.5],
      ['Sea salt (tsp)', 0.05],
      ['Raspberries (g)', 40],
      ['Flaked almonds (g)', 5],
    ],
    palette: ['#3c2415', '#e07a5f'],
  },
  {
    name: 'Cinnamon baked apples with oat crumble and skyr',
    group: 11,
    description: `Whole apples baked soft with a buttery oat, walnut and sultana crumble filling, served with cold skyr.

1. Heat the oven to 190°C (170°C fan). Core the apples with an apple corer or small knife, leaving them whole, and score a line around the middle of each so the skin does not burst.
2. Rub the butter into the oats with your fingertips, then stir in the chopped walnuts, sultanas, cinnamon and maple syrup until clumpy.
3. Stand the apples in a small baking dish, pack the filling into the holes and pile the rest on top. Add 2 tbsp of water to the dish.
4. Bake for 30 to 40 minutes, until the apples are soft all the way through when tested with a skewer and the topping is golden.
5. Serve warm with the skyr spooned alongside and the juices from the dish poured over.`,
    ingredients: [
      ['Eating apples (whole)', 1],
      ['Rolled oats (g)', 15],
      ['Walnuts (g)', 8],
      ['Butter (g)', 5],
      ['Maple syrup (tbsp)', 0.5],
      ['Sultanas (g)', 10],
      ['Ground cinnamon (tsp)', 0.25],
      ['Skyr, natural (g)', 100],
    ],
    palette: ['#8c2f39', '#fcd5ce'],
  },
  {
    name: 'No-bake lemon cheesecake pots',
    group: 11,
    description: `Zesty lemon cheesecake in a glass: a toasted oat and almond crumb under a thick, high-protein quark filling, topped with blueberries.

1. Melt the butter in a frying pan over a medium heat, add the oats and flaked almonds and toast for 4 to 5 minutes, stirring, until golden and smelling nutty. Leave to cool.
2. Whisk the quark, yoghurt, protein powder, lemon juice and maple syrup for 1 minute, until smooth and thick.
3. Press the oat crumb into the base of small glasses or jars, spoon the lemon filling on top and level it.
4. Chill for at least 1 hour, until the filling is cold and firm, then top with the blueberries.

Tip: the pots keep in the fridge for 2 days; add the blueberries just before serving.`,
    ingredients: [
      ['Rolled oats (g)', 15],
      ['Flaked almonds (g)', 8],
      ['Butter (g)', 5],
      ['Quark (g)', 100],
      ['Greek yoghurt, 0% fat (g)', 50],
      ['Whey protein powder, vanilla (g)', 10],
      ['Lemon juice (ml)', 15],
      ['Maple syrup (tbsp)', 0.5],
      ['Blueberries (g)', 50],
    ],
    palette: ['#f9c74f', '#577590'],
  },
  {
    name: 'Mango and passion fruit chia pudding',
    group: 11,
    description: `A creamy chia and yoghurt pudding layered with fresh mango and passion fruit and topped with pistachios.

1. Whisk the chia seeds into the soya drink with the maple syrup. Leave for 10 minutes, whisk again to break up any clumps, then stir in the yoghurt.
2. Cover and chill for at least 3 hours, or overnight, until thick and set with no liquid left at the bottom.
3. Dice the mango and scoop out the passion fruit pulp. Chop the pistachios.
4. Layer the pudding and mango in glasses, spoon the passion fruit over the top and scatter with the pistachios.`,
    ingredients: [
      ['Chia seeds (g)', 20],
      ['Unsweetened soya drink (ml)', 150],
      ['Greek yoghurt, 0% fat (g)', 60],
      ['Maple syrup (tbsp)', 0.25],
      ['Mango (g)', 80],
      ['Passion fruit (whole)', 1],
      ['Pistachios, shelled (g)', 5],
    ],
    palette: ['#f77f00', '#fcbf49'],
  },
  {
    name: 'Spiced poached pears with chocolate yoghurt',
    group: 11,
    description: `Pears poached in orange juice with ginger and cinnamon until tender, served with a thick chocolate protein yoghurt and a grating of dark chocolate.

1. Peel the pears, leaving the stalks on, and cut a thin slice off the base so they stand up.
2. Put them in a small pan with the orange juice, sliced ginger, cinnamon and enough water to almost cover. Bring to a simmer, cover and poach for 20 to 30 minutes, turning now and then, until a knife slides into the thickest part easily.
3. Lift out the pears and boil the liquid for 5 to 8 minutes, until reduced to a syrup that coats a spoon.
4. Whisk the protein powder into the yoghurt until smooth and evenly brown.
5. Serve the pears warm or chilled with the syrup poured over and the chocolate yoghurt alongside. Finely grate the chocolate over the top and scatter with the chopped pistachios.`,
    ingredients: [
      ['Pears (whole)', 1],
      ['Orange juice (ml)', 80],
      ['Fresh ginger (g)', 3],
      ['Ground cinnamon (tsp)', 0.25],
      ['Greek yoghurt, 0% fat (g)', 100],
      ['Whey protein powder, chocolate (g)', 10],
      ['Dark chocolate 70%, dairy-free (g)', 5],
      ['Pistachios, shelled (g)', 5],
    ],
    palette: ['#5f0f40', '#fb8b24'],
  },
];

/** Per-serving nutrition computed from FOODS: kcal whole (Math.round), grams to one decimal (Math.round(x*10)/10). */
export function recipeNutrition(ingredients: [string, number][]): {
  kcal: number;
  protein: number;
  fat: number;
  carbohydrate: number;
} {
  let kcal = 0;
  let protein = 0;
  let fat = 0;
  let carbohydrate = 0;
  for (const [name, amount] of ingredients) {
    const food = FOODS[name];
    if (!food) throw new Error(`Unknown ingredient: ${name}`);
    kcal += food.kcal * amount;
    protein += food.protein * amount;
    fat += food.fat * amount;
    carbohydrate += food.carbohydrate * amount;
  }
  const grams = (x: number) => Math.round(x * 10) / 10;
  return { kcal: Math.round(kcal), protein: grams(protein), fat: grams(fat), carbohydrate: grams(carbohydrate) };
}
