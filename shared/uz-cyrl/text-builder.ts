/**
 * Text made of many small pieces. A string grown by += one piece at a time is a rope with a node per
 * piece until something flattens it, and a field of some millions of one-letter pieces makes a rope
 * larger than the whole heap; pieces here are joined into a flat string a few thousand at a time.
 */
const PIECES_AT_ONCE = 4096;

export class TextBuilder {
  private readonly joined: string[] = [];
  private pieces: string[] = [];

  add(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length === PIECES_AT_ONCE) {
      this.joined.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  toString(): string {
    return this.joined.join('') + this.pieces.join('');
  }
}
