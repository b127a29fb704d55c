import type { CatalogFontId } from '#contracts/brand-fonts.ts';
import interRegular from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import interBold from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import robotoRegular from '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf?url';
import robotoBold from '@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf?url';
import openSansRegular from '@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf?url';
import openSansBold from '@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf?url';
import montserratRegular from '@expo-google-fonts/montserrat/400Regular/Montserrat_400Regular.ttf?url';
import montserratBold from '@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf?url';
import poppinsRegular from '@expo-google-fonts/poppins/400Regular/Poppins_400Regular.ttf?url';
import poppinsBold from '@expo-google-fonts/poppins/700Bold/Poppins_700Bold.ttf?url';
import latoRegular from '@expo-google-fonts/lato/400Regular/Lato_400Regular.ttf?url';
import latoBold from '@expo-google-fonts/lato/700Bold/Lato_700Bold.ttf?url';
import oswaldRegular from '@expo-google-fonts/oswald/400Regular/Oswald_400Regular.ttf?url';
import oswaldBold from '@expo-google-fonts/oswald/700Bold/Oswald_700Bold.ttf?url';
import bebasNeueRegular from '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf?url';
import playfairDisplayRegular from '@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf?url';
import playfairDisplayBold from '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf?url';
import merriweatherRegular from '@expo-google-fonts/merriweather/400Regular/Merriweather_400Regular.ttf?url';
import merriweatherBold from '@expo-google-fonts/merriweather/700Bold/Merriweather_700Bold.ttf?url';
import loraRegular from '@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf?url';
import loraBold from '@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf?url';
import dmSerifDisplayRegular from '@expo-google-fonts/dm-serif-display/400Regular/DMSerifDisplay_400Regular.ttf?url';

/** A catalogue font's files in the browser: regular, and bold where the family has one. */
export interface CatalogFontFiles {
  regular: string;
  bold?: string;
}

/**
 * The addresses of the catalogue fonts' TTF files (the same Google Fonts files the server renders
 * with), emitted by Vite as assets. Only the brand kit screens import this module, so the files are
 * fetched only when a kit's preview asks for them, never by another page.
 */
export const catalogFontFiles: Record<CatalogFontId, CatalogFontFiles> = {
  inter: { regular: interRegular, bold: interBold },
  roboto: { regular: robotoRegular, bold: robotoBold },
  'open-sans': { regular: openSansRegular, bold: openSansBold },
  montserrat: { regular: montserratRegular, bold: montserratBold },
  poppins: { regular: poppinsRegular, bold: poppinsBold },
  lato: { regular: latoRegular, bold: latoBold },
  oswald: { regular: oswaldRegular, bold: oswaldBold },
  'bebas-neue': { regular: bebasNeueRegular },
  'playfair-display': { regular: playfairDisplayRegular, bold: playfairDisplayBold },
  merriweather: { regular: merriweatherRegular, bold: merriweatherBold },
  lora: { regular: loraRegular, bold: loraBold },
  'dm-serif-display': { regular: dmSerifDisplayRegular },
};
