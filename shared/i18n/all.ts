/** All three dictionaries, registered synchronously: the server renders any language at any time. */
import { en } from './en';
import { registerDict } from './index';
import { ru } from './ru';
import { uz } from './uz';

registerDict('uz', uz);
registerDict('ru', ru);
registerDict('en', en);
