/** All four dictionaries, registered synchronously: the server renders any language at any time. */
import { en } from './en';
import { registerDict } from './index';
import { ru } from './ru';
import { uz } from './uz';
import { uzCyrl } from './uz-cyrl';

registerDict('uz', uz);
registerDict('uz-cyrl', uzCyrl);
registerDict('ru', ru);
registerDict('en', en);
