// The views area (tables, the credits and status views, charts): its English registered, and t()
// to say its messages.
import views from './en/views.js';
import { registerEnglish } from './registry.js';

registerEnglish('views', views);

export { t } from './catalogue.js';
