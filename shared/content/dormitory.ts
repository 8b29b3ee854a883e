/**
 * The student dormitory page (/TTJ) in three languages: the new five-storey building
 * with 528 places, built in March 2025, as of 25.08.2025; amenities, planned fitting-out, clubs and
 * demand, signed by the vice-rector for youth affairs. Image texts follow the order of the gallery
 * files public/media/dormitory/ttj-1…5.svg.
 */
import type { TextSection } from '../components/TextSections';
import { withCyrillic } from '../cyrillic';
import type { Lang } from '../lang';

export interface DormitoryText {
  lead: string;
  facts: { value: string; label: string }[];
  sections: TextSection[];
  asOf: string;
  signature: { position: string; name: string };
  galleryHeading: string;
  images: { alt: string; caption: string }[];
}

export const DORMITORY: Record<Lang, DormitoryText> = withCyrillic<DormitoryText>({
  uz: {
    lead:
      "Universitet kampusida yangi talabalar turar joyi qurib bitkazildi. 2025-yil mart oyida foydalanishga topshirilgan besh qavatli zamonaviy bino 528 nafar talabaga moʻljallangan.",
    facts: [
      { value: '5', label: 'qavat' },
      { value: '528', label: "oʻrin" },
      { value: '2025', label: 'mart oyida qurib bitkazilgan' },
      { value: '100%', label: "talabgorlar joy bilan taʼminlangan" },
    ],
    sections: [
      {
        heading: 'Yashash sharoitlari',
        items: [
          "2 va 3 kishilik xonalar; har bir xonada karavot, shkaf, yozuv stoli va kitob javoni bor",
          "har bir qavatda umumiy oshxona, kir yuvish xonasi va dush xonalari",
          "markaziy isitish, doimiy issiq suv va butun bino boʻylab bepul Wi-Fi",
          "oʻquv zali va kompyuter xonasi",
          "tibbiyot xonasi, 24 soatlik qoʻriqlash va videokuzatuv tizimi",
        ],
      },
      {
        heading: 'Rejalashtirilgan jihozlash',
        paragraphs: [
          "Yaqin oylarda sport zali trenajyorlar bilan jihozlanadi, birinchi qavatda kitobxonlik zali va dam olish hududi tashkil etiladi, hovlida esa yozgi sport maydonchasi quriladi.",
        ],
      },
      {
        heading: "Toʻgaraklar",
        paragraphs: ["Turar joyda talabalarning boʻsh vaqtini mazmunli oʻtkazish uchun toʻgaraklar faoliyat yuritadi:"],
        items: [
          'shaxmat va shashka',
          'stol tennisi',
          'kitobxonlar klubi',
          "ingliz tilida soʻzlashuv klubi",
          'Yosh psixologlar klubi bilan hamkorlikda treninglar',
        ],
      },
      {
        heading: "Talabgorlar va joy bilan taʼminlash",
        paragraphs: [
          "Oʻtgan oʻquv yilida turar joyga 250 nafar talaba ariza bergan edi. Bu yil talabgorlar soni ikki baravar koʻpayishi kutilmoqda.",
          "Yangi bino ishga tushirilgani tufayli talabalarning turar joyga boʻlgan ehtiyoji 100 foiz qondirildi.",
        ],
      },
    ],
    asOf: "Maʼlumotlar 25.08.2025 holatiga koʻra.",
    signature: { position: 'Yoshlar masalalari va maʼnaviy-maʼrifiy ishlar boʻyicha prorektor', name: 'Jasur Ergashev' },
    galleryHeading: 'Fotogalereya',
    images: [
      { alt: "Besh qavatli turar joy binosining tashqi koʻrinishi, kirish eshigi va daraxtlar", caption: 'Yangi turar joy binosi' },
      { alt: 'Ikki kishilik xona: ikkita karavot, deraza oldida yozuv stoli va shkaf', caption: 'Ikki kishilik xona' },
      { alt: "Oʻquv zali: kitob javonlari va stol atrofida noutbukda ishlayotgan talabalar", caption: "Oʻquv zali" },
      { alt: 'Qavatdagi umumiy oshxona: plita, shkaflar va muzlatkich', caption: 'Umumiy oshxona' },
      { alt: "Toʻgaraklar zali: stol tennisi oʻynayotgan ikki talaba va shaxmat taxtasi", caption: "Toʻgaraklar zali" },
    ],
  },
  ru: {
    lead:
      'В кампусе университета построено новое студенческое общежитие. Современное пятиэтажное здание, сданное в эксплуатацию в марте 2025 года, рассчитано на 528 студентов.',
    facts: [
      { value: '5', label: 'этажей' },
      { value: '528', label: 'мест' },
      { value: '2025', label: 'построено в марте' },
      { value: '100%', label: 'желающих обеспечены местами' },
    ],
    sections: [
      {
        heading: 'Условия проживания',
        items: [
          'комнаты на 2 и 3 человека; в каждой кровати, шкаф, письменный стол и книжная полка',
          'на каждом этаже общая кухня, прачечная и душевые',
          'центральное отопление, постоянная горячая вода и бесплатный Wi-Fi во всём здании',
          'учебный зал и компьютерный класс',
          'медицинский кабинет, круглосуточная охрана и видеонаблюдение',
        ],
      },
      {
        heading: 'Планируемое оснащение',
        paragraphs: [
          'В ближайшие месяцы спортзал оснастят тренажёрами, на первом этаже откроются читальный зал и зона отдыха, а во дворе построят летнюю спортивную площадку.',
        ],
      },
      {
        heading: 'Кружки',
        paragraphs: ['Чтобы студенты проводили свободное время с пользой, в общежитии работают кружки:'],
        items: ['шахматы и шашки', 'настольный теннис', 'клуб любителей книги', 'разговорный клуб английского языка', 'тренинги вместе с клубом молодых психологов'],
      },
      {
        heading: 'Спрос и обеспеченность местами',
        paragraphs: [
          'В прошлом учебном году заявления на место в общежитии подали 250 студентов. В этом году число желающих, как ожидается, вырастет вдвое.',
          'Благодаря новому зданию потребность студентов в общежитии удовлетворена на 100 процентов.',
        ],
      },
    ],
    asOf: 'Сведения по состоянию на 25.08.2025.',
    signature: { position: 'Проректор по делам молодёжи и духовно-просветительской работе', name: 'Жасур Эргашев' },
    galleryHeading: 'Фотогалерея',
    images: [
      { alt: 'Пятиэтажное здание общежития снаружи: вход и деревья', caption: 'Новое здание общежития' },
      { alt: 'Комната на двоих: две кровати, письменный стол у окна и шкаф', caption: 'Комната на двоих' },
      { alt: 'Учебный зал: книжные полки и студенты с ноутбуками за столами', caption: 'Учебный зал' },
      { alt: 'Общая кухня на этаже: плита, шкафы и холодильник', caption: 'Общая кухня' },
      { alt: 'Зал кружков: двое студентов играют в настольный теннис, на стене шахматная доска', caption: 'Зал кружков' },
    ],
  },
  en: {
    lead:
      'A new student dormitory has been built on the university campus. The modern five-storey building, completed in March 2025, has places for 528 students.',
    facts: [
      { value: '5', label: 'floors' },
      { value: '528', label: 'places' },
      { value: '2025', label: 'built in March' },
      { value: '100%', label: 'of applicants housed' },
    ],
    sections: [
      {
        heading: 'Living conditions',
        items: [
          'rooms for 2 and 3 students, each with beds, a wardrobe, a desk and a bookshelf',
          'a shared kitchen, a laundry room and showers on every floor',
          'central heating, hot water at all times and free Wi-Fi throughout the building',
          'a study hall and a computer room',
          'a medical room, 24-hour security and video surveillance',
        ],
      },
      {
        heading: 'Planned fitting-out',
        paragraphs: [
          'In the coming months the gym will be equipped with exercise machines, a reading room and a lounge will open on the ground floor, and a summer sports ground will be built in the courtyard.',
        ],
      },
      {
        heading: 'Clubs',
        paragraphs: ['Clubs help the residents make good use of their free time:'],
        items: ['chess and draughts', 'table tennis', 'a book club', 'an English conversation club', 'trainings together with the young psychologists club'],
      },
      {
        heading: 'Demand and places',
        paragraphs: [
          'Last academic year 250 students applied for a place in the dormitory. This year the number of applicants is expected to double.',
          "Thanks to the new building, students' demand for dormitory places has been met 100 percent.",
        ],
      },
    ],
    asOf: 'Information as of 25.08.2025.',
    signature: { position: 'Vice-Rector for Youth Affairs', name: 'Jasur Ergashev' },
    galleryHeading: 'Photo gallery',
    images: [
      { alt: 'The five-storey dormitory building from outside, with its entrance and trees', caption: 'The new dormitory building' },
      { alt: 'A double room: two beds, a desk by the window and a wardrobe', caption: 'A double room' },
      { alt: 'The study hall: bookshelves and students working on laptops at the tables', caption: 'The study hall' },
      { alt: 'The shared kitchen on a floor: a cooker, cupboards and a fridge', caption: 'The shared kitchen' },
      { alt: 'The club room: two students playing table tennis and a chessboard on the wall', caption: 'The club room' },
    ],
  },
});
