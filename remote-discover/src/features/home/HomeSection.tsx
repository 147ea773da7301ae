export { HomeSection as default } from './HomePages';
