export { paths } from '#contracts/paths.ts';
