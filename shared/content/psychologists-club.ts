/**
 * The young psychologists club page (/YPK) in three languages: the club, its
 * responsible psychologist, the anonymous help bot, what the club does and its contacts (phone and
 * e-mail are not published yet: dashes). Image texts follow public/media/club/ypk-1…4.svg.
 */
import type { TextSection } from '../components/TextSections';
import { withCyrillic } from '../cyrillic';
import type { Lang } from '../lang';

export interface ClubText {
  lead: string;
  about: TextSection;
  psychologist: { heading: string; name: string; position: string; bio: string };
  help: { heading: string; text: string; link: string };
  activities: TextSection;
  contacts: { heading: string; place: string; placeLabel: string };
  galleryHeading: string;
  images: { alt: string; caption: string }[];
}

export const PSYCHOLOGISTS_CLUB: Record<Lang, ClubText> = withCyrillic<ClubText>({
  uz: {
    lead: "Yosh psixologlar klubi psixologiyaga qiziquvchi talabalarni birlashtiradi va universitet talabalariga psixologik yordam koʻrsatadi.",
    about: {
      heading: 'Klub haqida',
      paragraphs: [
        "Klub 2023-yilda tashkil etilgan, uning aʼzolari turli fakultetlarning talabalaridir. Mashgʻulotlar har payshanba kuni soat 15:00 da oʻtkaziladi, qatnashish bepul.",
        "Klubning maqsadi — talabalarning ruhiy salomatligini mustahkamlash, stress va imtihon oldidagi xavotirni yengish koʻnikmalarini shakllantirish hamda oʻzaro yordam madaniyatini rivojlantirish.",
      ],
    },
    psychologist: {
      heading: "Masʼul psixolog",
      name: 'Madina Rustamova',
      position: 'Universitet psixologi, klub rahbari',
      bio: "Psixologiya boʻyicha magistr, 8 yillik amaliy tajribaga ega. Kognitiv-xulq-atvor terapiyasi va guruh treninglari boʻyicha malaka oshirgan. Talabalar bilan yakka tartibdagi suhbatlar va guruh mashgʻulotlarini olib boradi.",
    },
    help: {
      heading: 'Anonim psixologik yordam',
      text: "Hozir yordam kerakmi? Telegramʼdagi anonim bot orqali psixologga yozing: ismingizni aytishingiz shart emas, suhbat sir saqlanadi.",
      link: 'Anonim yordam botiga yozish',
    },
    activities: {
      heading: 'Klub faoliyati',
      items: [
        "stressni boshqarish va imtihon oldidan xavotirni kamaytirish boʻyicha treninglar",
        "birinchi kurs talabalariga yangi muhitga moslashishda yordam beruvchi uchrashuvlar",
        "muloqot va jamoada ishlash koʻnikmalari boʻyicha mashgʻulotlar",
        "psixologiyaga oid kitob va filmlarni muhokama qilish",
        "tengdoshlarga yordam koʻrsatadigan koʻngillilarni tayyorlash",
      ],
    },
    contacts: { heading: 'Aloqa', placeLabel: 'Manzil', place: 'Bosh bino, 2-qavat, 214-xona' },
    galleryHeading: 'Fotogalereya',
    images: [
      { alt: "Klub aʼzolari davra boʻlib oʻtirgan guruh mashgʻuloti", caption: "Guruh mashgʻuloti" },
      { alt: "Psixolog ekran oldida trening oʻtkazmoqda, talabalar tinglamoqda", caption: 'Trening' },
      { alt: "Maslahat xonasi: bir-biriga qaragan ikki kreslo va gulli stolcha", caption: 'Maslahat xonasi' },
      { alt: "Talabalar kampus bogʻida ochiq havodagi tadbirda", caption: 'Ochiq havodagi tadbir' },
    ],
  },
  ru: {
    lead: 'Клуб молодых психологов объединяет студентов, которым интересна психология, и помогает студентам университета психологической поддержкой.',
    about: {
      heading: 'О клубе',
      paragraphs: [
        'Клуб основан в 2023 году, в нём занимаются студенты разных факультетов. Встречи проходят каждый четверг в 15:00, участие бесплатное.',
        'Цель клуба — укреплять психическое здоровье студентов, учить справляться со стрессом и тревогой перед экзаменами и развивать культуру взаимопомощи.',
      ],
    },
    psychologist: {
      heading: 'Ответственный психолог',
      name: 'Мадина Рустамова',
      position: 'Психолог университета, руководитель клуба',
      bio: 'Магистр психологии, 8 лет практического опыта. Прошла повышение квалификации по когнитивно-поведенческой терапии и групповым тренингам. Ведёт индивидуальные беседы со студентами и групповые занятия.',
    },
    help: {
      heading: 'Анонимная психологическая помощь',
      text: 'Нужна помощь прямо сейчас? Напишите психологу через анонимного бота в Telegram: называть своё имя не нужно, разговор останется в тайне.',
      link: 'Написать анонимному боту помощи',
    },
    activities: {
      heading: 'Чем занимается клуб',
      items: [
        'тренинги по управлению стрессом и снижению тревоги перед экзаменами',
        'встречи, которые помогают первокурсникам освоиться на новом месте',
        'занятия по навыкам общения и работы в команде',
        'обсуждение книг и фильмов о психологии',
        'подготовка волонтёров, которые помогают сверстникам',
      ],
    },
    contacts: { heading: 'Контакты', placeLabel: 'Адрес', place: 'Главный корпус, 2-й этаж, кабинет 214' },
    galleryHeading: 'Фотогалерея',
    images: [
      { alt: 'Групповое занятие: участники клуба сидят в кругу', caption: 'Групповое занятие' },
      { alt: 'Психолог проводит тренинг у экрана, студенты слушают', caption: 'Тренинг' },
      { alt: 'Кабинет консультаций: два кресла друг напротив друга и столик с цветком', caption: 'Кабинет консультаций' },
      { alt: 'Студенты на мероприятии под открытым небом в парке кампуса', caption: 'Мероприятие на свежем воздухе' },
    ],
  },
  en: {
    lead: 'The young psychologists club brings together students interested in psychology and offers the university’s students psychological support.',
    about: {
      heading: 'About the club',
      paragraphs: [
        'The club was founded in 2023; its members are students of different faculties. It meets every Thursday at 15:00, and taking part is free.',
        "The club's aim is to strengthen students' mental health, to teach ways of coping with stress and exam anxiety, and to build a culture of helping one another.",
      ],
    },
    psychologist: {
      heading: 'The responsible psychologist',
      name: 'Madina Rustamova',
      position: 'University psychologist, head of the club',
      bio: 'Master of psychology with 8 years of practice, trained in cognitive behavioural therapy and group work. She holds individual talks with students and leads the group sessions.',
    },
    help: {
      heading: 'Anonymous psychological help',
      text: 'Need help right now? Write to a psychologist through the anonymous bot on Telegram: you do not have to give your name, and the conversation stays confidential.',
      link: 'Write to the anonymous help bot',
    },
    activities: {
      heading: 'What the club does',
      items: [
        'trainings on managing stress and easing exam anxiety',
        'meetings that help first-year students settle in',
        'sessions on communication and teamwork skills',
        'discussions of books and films about psychology',
        'training volunteers who support their peers',
      ],
    },
    contacts: { heading: 'Contacts', placeLabel: 'Address', place: 'Main building, 2nd floor, room 214' },
    galleryHeading: 'Photo gallery',
    images: [
      { alt: 'A group session: club members sitting in a circle', caption: 'A group session' },
      { alt: 'The psychologist giving a training in front of a screen while students listen', caption: 'A training' },
      { alt: 'The consultation room: two armchairs facing each other and a small table with a plant', caption: 'The consultation room' },
      { alt: 'Students at an outdoor event in the campus park', caption: 'An outdoor event' },
    ],
  },
});
