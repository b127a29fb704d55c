/** Each of the twenty effects and the recipe that draws it. */
import type { VideoEffect } from '#contracts/video-effects.ts';
import type { EffectRecipe } from './effect-kit.ts';
import { cakeifyIt, monaMe, museumMe, samuraiMe } from './effects-art.ts';
import { assassinMe, brideMe, decayIt, gunShoot, princessMe, vipMe, warriorMe, zapMe } from './effects-fx.ts';
import { babyMe, crushIt, inflateIt, jungleMe, muscleMe, pirateMe, rotateIt, squishIt } from './effects-motion.ts';

// oxlint-disable-next-line typescript/no-explicit-any -- each recipe has its own state type
export const effectRecipes: Readonly<Record<VideoEffect, EffectRecipe<any>>> = {
  squish_it: squishIt,
  rotate_it: rotateIt,
  cakeify_it: cakeifyIt,
  muscle_me: muscleMe,
  crush_it: crushIt,
  decay_it: decayIt,
  inflate_it: inflateIt,
  jungle_me: jungleMe,
  baby_me: babyMe,
  assassin_me: assassinMe,
  warrior_me: warriorMe,
  pirate_me: pirateMe,
  bride_me: brideMe,
  vip_me: vipMe,
  zap_me: zapMe,
  gun_shoot: gunShoot,
  mona_me: monaMe,
  samurai_me: samuraiMe,
  museum_me: museumMe,
  princess_me: princessMe,
};
