/** The built-in image inspirations: prompts that show what Klipt does well, across categories. */
export const imageInspirationCatalog: ReadonlyArray<{ prompt: string; category: string; subcategory: string | null }> = [
  {
    category: 'Beauty',
    subcategory: 'Skincare',
    prompt: 'Amber glass serum bottle on a pale pink marble podium, soft morning light, minimal studio backdrop, gentle shadow',
  },
  {
    category: 'Beauty',
    subcategory: 'Skincare',
    prompt: 'Moisturizer jar surrounded by fresh cucumber slices and water droplets on white stone, bright clean daylight, top-down view',
  },
  {
    category: 'Beauty',
    subcategory: 'Makeup',
    prompt: 'Red lipstick standing on a glossy black surface with a single rose petal, dramatic rim light, luxury editorial mood',
  },
  {
    category: 'Beauty',
    subcategory: 'Makeup',
    prompt: 'Pastel eyeshadow palette open on a lilac velvet cloth, playful confetti, soft diffused light, playful and bold',
  },
  {
    category: 'Beauty',
    subcategory: 'Fragrance',
    prompt: 'Gold perfume bottle on desert sand at sunset, long shadows, warm luxury tones, heat haze in the distance',
  },
  {
    category: 'Beauty',
    subcategory: 'Fragrance',
    prompt: 'Teal perfume flacon floating above still water in a misty forest, cinematic light rays, calm and fresh',
  },
  {
    category: 'Fashion',
    subcategory: 'Footwear',
    prompt: 'White sneaker floating over a vivid magenta gradient with motion streaks, bold commercial lighting, new drop energy',
  },
  {
    category: 'Fashion',
    subcategory: 'Footwear',
    prompt: 'Leather boots on a wooden porch in autumn leaves, warm cozy light, shallow depth of field',
  },
  {
    category: 'Fashion',
    subcategory: 'Accessories',
    prompt: 'Minimal silver watch on a slate stone slab, cool studio light, crisp reflections, luxury product shot',
  },
  {
    category: 'Fashion',
    subcategory: 'Accessories',
    prompt: 'Tan leather handbag on a sunlit cafe table in Paris, soft bokeh street behind, lifestyle editorial',
  },
  {
    category: 'Fashion',
    subcategory: 'Apparel',
    prompt: 'Striped linen summer dress on a model in a blooming garden, golden hour light, airy and natural',
  },
  {
    category: 'Fashion',
    subcategory: 'Apparel',
    prompt: 'Black hoodie on a mannequin in a neon-lit city alley at night, rain reflections, streetwear campaign',
  },
  {
    category: 'Home',
    subcategory: 'Kitchen',
    prompt: 'Ceramic coffee mug with steam on a rustic wooden table by a window, cozy morning light, plants in background',
  },
  {
    category: 'Home',
    subcategory: 'Kitchen',
    prompt: 'Copper kettle on a white marble kitchen counter, bright airy Scandinavian interior, soft shadows',
  },
  {
    category: 'Home',
    subcategory: 'Decor',
    prompt: 'Scented candle glowing on a bedside table at night, warm amber light, linen sheets, calm and cozy',
  },
  {
    category: 'Home',
    subcategory: 'Decor',
    prompt: 'Terracotta vase with dried pampas grass against a beige plaster wall, minimal boho styling, soft daylight',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Coffee',
    prompt: 'Bag of specialty coffee beans spilling onto dark wood, moody side light, roasted texture, premium feel',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Coffee',
    prompt: 'Iced latte in a tall glass on a beach bar at sunset, condensation droplets, tropical vibe',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Snacks',
    prompt: 'Colourful granola bars stacked on a picnic blanket in a sunny park, playful summer mood',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Beverages',
    prompt: 'Sparkling lemonade bottle in an ice bucket with lemons, bright yellow backdrop, fresh and bold',
  },
  {
    category: 'Tech',
    subcategory: 'Audio',
    prompt: 'Matte black wireless headphones on a concrete block, blue neon rim light, futuristic studio',
  },
  {
    category: 'Tech',
    subcategory: 'Audio',
    prompt: 'White earbuds case on a snowy rock in winter mountains, crisp cold daylight, adventure campaign',
  },
  {
    category: 'Tech',
    subcategory: 'Wearables',
    prompt: 'Fitness tracker on a runner wrist on a city bridge at dawn, energetic light, motion blur background',
  },
  {
    category: 'Tech',
    subcategory: 'Phones',
    prompt: 'Smartphone standing on a glass shelf with holographic reflections, purple and teal gradient, sleek launch visual',
  },
  {
    category: 'Lifestyle',
    subcategory: 'Outdoor',
    prompt: 'Insulated water bottle on a mossy rock by a forest stream, dappled sunlight, adventure ready',
  },
  {
    category: 'Lifestyle',
    subcategory: 'Fitness',
    prompt: 'Yoga mat rolled out in a bright studio with plants, soft morning sun, calm wellness mood',
  },
  {
    category: 'Lifestyle',
    subcategory: 'Pets',
    prompt: 'Dog collar and leash on a cozy knit blanket with autumn leaves, warm playful tones',
  },
  {
    category: 'Lifestyle',
    subcategory: null,
    prompt: 'Gift box with gold ribbon on a red velvet table, festive bokeh lights, Black Friday sale mood',
  },
];
