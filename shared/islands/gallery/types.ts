export interface GalleryItem {
  src: string;
  /** Describes the picture (trilingual, from the page's content). */
  alt: string;
  caption: string;
  width: number;
  height: number;
}
