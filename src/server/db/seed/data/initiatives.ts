// Initiative types and initiatives (the proceedings a SUAP handles), in Italian and English.
// Every text must match Patterns.extendedText: letters, digits, accented letters, space and . , ' ’ ; : - ( / ) ?
// (so areas are written "metri quadrati" / "square metres", never with a superscript).

export interface SeedTypeInitiative {
  typeIniziativeId: number;
  descriptionIt: string;
  descriptionEn: string;
}

export interface SeedInitiative {
  code: string;
  typeIniziativeId: number;
  descriptionIt: string;
  descriptionEn: string;
  activityIt: string;
  activityEn: string;
  areaIt: string;
  areaEn: string;
}

/** One tab each in the wizard. */
export const INITIATIVE_TYPES: SeedTypeInitiative[] = [
  { typeIniziativeId: 1, descriptionIt: 'Avvio attività', descriptionEn: 'Starting a business' },
  { typeIniziativeId: 2, descriptionIt: 'Modifica o subingresso', descriptionEn: 'Change or takeover' },
  { typeIniziativeId: 3, descriptionIt: 'Cessazione', descriptionEn: 'Closure' },
];

const TRADE = { areaIt: 'Commercio', areaEn: 'Trade' };
const FOOD_SERVICE = { areaIt: 'Somministrazione di alimenti e bevande', areaEn: 'Food and beverage service' };
const PERSONAL = { areaIt: 'Servizi alla persona', areaEn: 'Personal services' };
const ACCOMMODATION = { areaIt: 'Ricettività turistica', areaEn: 'Tourist accommodation' };
const CRAFTS = { areaIt: 'Artigianato', areaEn: 'Crafts' };
const TRANSPORT = { areaIt: 'Trasporti', areaEn: 'Transport' };
const SPORT = { areaIt: 'Sport e tempo libero', areaEn: 'Sport and leisure' };
const HEALTH = { areaIt: 'Sanità', areaEn: 'Health' };
const AGRICULTURE = { areaIt: 'Agricoltura', areaEn: 'Agriculture' };
const TOURISM = { areaIt: 'Turismo', areaEn: 'Tourism' };
const EDUCATION = { areaIt: 'Servizi educativi', areaEn: 'Education and childcare' };

/** The areas of the seed's catalogue (./requirements.ts derives each initiative's documents from them). */
export const INITIATIVE_AREAS = {
  trade: TRADE,
  foodService: FOOD_SERVICE,
  personal: PERSONAL,
  accommodation: ACCOMMODATION,
  crafts: CRAFTS,
  transport: TRANSPORT,
  sport: SPORT,
  health: HEALTH,
  agriculture: AGRICULTURE,
  tourism: TOURISM,
  education: EDUCATION,
} as const;

export const INITIATIVES: SeedInitiative[] = [
  // 1. Avvio attività / Starting a business
  {
    code: 'AVV-COM-001', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Esercizio di vicinato', activityEn: 'Neighbourhood shop',
    descriptionIt: 'Apertura di un esercizio commerciale al dettaglio con superficie di vendita fino a 150 metri quadrati nei comuni con meno di 10.000 abitanti e fino a 250 metri quadrati negli altri comuni.',
    descriptionEn: 'Opening of a retail shop with a sales area of up to 150 square metres in municipalities with fewer than 10,000 inhabitants and up to 250 square metres elsewhere.',
  },
  {
    code: 'AVV-COM-002', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Media struttura di vendita', activityEn: 'Medium-sized store',
    descriptionIt: 'Apertura di un esercizio commerciale al dettaglio con superficie di vendita superiore a quella di un esercizio di vicinato e fino a 2.500 metri quadrati.',
    descriptionEn: 'Opening of a retail store with a sales area larger than that of a neighbourhood shop and up to 2,500 square metres.',
  },
  {
    code: 'AVV-COM-003', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Commercio su area pubblica itinerante', activityEn: 'Itinerant street trading',
    descriptionIt: 'Avvio del commercio al dettaglio su aree pubbliche in forma itinerante, senza posteggio fisso.',
    descriptionEn: 'Starting retail trade on public land as a travelling trader, without a fixed pitch.',
  },
  {
    code: 'AVV-COM-004', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Commercio su area pubblica con posteggio', activityEn: 'Market stall trading',
    descriptionIt: 'Avvio del commercio al dettaglio su un posteggio dato in concessione in un mercato, in una fiera o su area pubblica.',
    descriptionEn: 'Starting retail trade from a pitch granted under concession in a market, at a fair or on public land.',
  },
  {
    code: 'AVV-COM-005', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Commercio elettronico', activityEn: 'E-commerce',
    descriptionIt: 'Avvio della vendita al dettaglio di prodotti tramite internet o altri mezzi di comunicazione a distanza.',
    descriptionEn: 'Starting the retail sale of goods online or through other means of distance communication.',
  },
  {
    code: 'AVV-COM-006', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Edicola', activityEn: 'Newsagent',
    descriptionIt: 'Apertura di un punto vendita di quotidiani e periodici, esclusivo o abbinato ad altre merceologie.',
    descriptionEn: 'Opening of a point of sale for newspapers and magazines, either dedicated or combined with other goods.',
  },
  {
    code: 'AVV-COM-007', typeIniziativeId: 1, ...TRADE,
    activityIt: 'Distributori automatici', activityEn: 'Vending machines',
    descriptionIt: 'Avvio della vendita al dettaglio di prodotti, anche alimentari, mediante apparecchi automatici installati in locali o aree dedicate.',
    descriptionEn: 'Starting the retail sale of goods, including food, through vending machines installed in dedicated premises or areas.',
  },
  {
    code: 'AVV-COM-008', typeIniziativeId: 1, ...HEALTH,
    activityIt: 'Parafarmacia', activityEn: 'Parapharmacy',
    descriptionIt: 'Apertura di un esercizio commerciale per la vendita di farmaci senza obbligo di ricetta medica, con la presenza di un farmacista abilitato.',
    descriptionEn: 'Opening of a shop selling non-prescription medicines, with a qualified pharmacist on the premises.',
  },
  {
    code: 'AVV-AGR-001', typeIniziativeId: 1, ...AGRICULTURE,
    activityIt: 'Vendita diretta di prodotti agricoli', activityEn: 'Direct sale of farm produce',
    descriptionIt: "Avvio della vendita diretta al dettaglio dei prodotti della propria azienda da parte dell'imprenditore agricolo.",
    descriptionEn: 'Starting the direct retail sale of produce from their own farm by a farmer.',
  },
  {
    code: 'AVV-SOM-001', typeIniziativeId: 1, ...FOOD_SERVICE,
    activityIt: 'Bar e ristorante', activityEn: 'Bar and restaurant',
    descriptionIt: 'Apertura di un pubblico esercizio per la somministrazione di alimenti e bevande, come bar, ristorante, trattoria o pizzeria.',
    descriptionEn: 'Opening of a public establishment serving food and drinks, such as a bar, restaurant, trattoria or pizzeria.',
  },
  {
    code: 'AVV-SOM-002', typeIniziativeId: 1, ...FOOD_SERVICE,
    activityIt: 'Somministrazione temporanea', activityEn: 'Temporary food service',
    descriptionIt: 'Somministrazione di alimenti e bevande per la sola durata di una fiera, di una sagra o di altra manifestazione.',
    descriptionEn: 'Serving food and drinks only for the duration of a fair, a local festival or another event.',
  },
  {
    code: 'AVV-ART-001', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Pizzeria al taglio e da asporto', activityEn: 'Takeaway pizza shop',
    descriptionIt: "Avvio di un'attività artigianale di produzione e vendita di pizza al taglio e da asporto, senza servizio al tavolo.",
    descriptionEn: 'Starting a craft business making and selling pizza by the slice and to take away, without table service.',
  },
  {
    code: 'AVV-ART-002', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Laboratorio alimentare artigianale', activityEn: 'Artisan food workshop',
    descriptionIt: 'Apertura di un laboratorio artigianale per la produzione di alimenti, come pasta fresca, dolci o gastronomia, con vendita diretta.',
    descriptionEn: 'Opening of an artisan workshop producing food such as fresh pasta, pastries or ready meals, with direct sale.',
  },
  {
    code: 'AVV-ART-003', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Panificio', activityEn: 'Bakery',
    descriptionIt: 'Avvio di un impianto per la produzione di pane e prodotti da forno, con eventuale vendita al dettaglio.',
    descriptionEn: 'Starting a plant producing bread and baked goods, possibly with retail sale.',
  },
  {
    code: 'AVV-ART-004', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Gelateria artigianale', activityEn: 'Artisan ice cream shop',
    descriptionIt: 'Apertura di un laboratorio di produzione e vendita di gelato artigianale, anche con consumo sul posto senza servizio assistito.',
    descriptionEn: 'Opening of a workshop making and selling artisan ice cream, also for consumption on the premises without table service.',
  },
  {
    code: 'AVV-SPE-001', typeIniziativeId: 1, ...PERSONAL,
    activityIt: 'Acconciatore', activityEn: 'Hairdresser',
    descriptionIt: "Avvio dell'attività di acconciatore per uomo e donna, con un responsabile tecnico in possesso dell'abilitazione professionale.",
    descriptionEn: 'Starting a hairdressing business for men and women, with a technical manager holding the professional qualification.',
  },
  {
    code: 'AVV-SPE-002', typeIniziativeId: 1, ...PERSONAL,
    activityIt: 'Estetista', activityEn: 'Beautician',
    descriptionIt: "Avvio dell'attività di estetista, con trattamenti sulla superficie del corpo eseguiti sotto la guida di un responsabile tecnico qualificato.",
    descriptionEn: 'Starting a beauty business, with body treatments carried out under the supervision of a qualified technical manager.',
  },
  {
    code: 'AVV-SPE-003', typeIniziativeId: 1, ...PERSONAL,
    activityIt: 'Tatuaggio e piercing', activityEn: 'Tattoo and piercing',
    descriptionIt: "Apertura di uno studio per l'esecuzione di tatuaggi e piercing nel rispetto dei requisiti igienico-sanitari.",
    descriptionEn: 'Opening of a studio for tattooing and piercing that meets health and hygiene requirements.',
  },
  {
    code: 'AVV-SPE-004', typeIniziativeId: 1, ...PERSONAL,
    activityIt: 'Lavanderia', activityEn: 'Laundry',
    descriptionIt: "Avvio di un'attività di lavanderia, anche self-service a gettoni, per il lavaggio di indumenti e tessuti.",
    descriptionEn: 'Starting a laundry business, including coin-operated self-service launderettes, for washing clothes and textiles.',
  },
  {
    code: 'AVV-SPE-005', typeIniziativeId: 1, ...PERSONAL,
    activityIt: 'Tintoria', activityEn: 'Dry cleaner',
    descriptionIt: "Avvio di un'attività di tintoria e lavaggio a secco di capi di abbigliamento, con un responsabile tecnico qualificato.",
    descriptionEn: 'Starting a dyeing and dry cleaning business for garments, with a qualified technical manager.',
  },
  {
    code: 'AVV-RIC-001', typeIniziativeId: 1, ...ACCOMMODATION,
    activityIt: 'Bed and breakfast', activityEn: 'Bed and breakfast',
    descriptionIt: 'Avvio di un servizio di alloggio e prima colazione nella casa in cui il titolare risiede, con un numero limitato di camere.',
    descriptionEn: "Starting a bed and breakfast service in the owner's own home, with a limited number of rooms.",
  },
  {
    code: 'AVV-RIC-002', typeIniziativeId: 1, ...ACCOMMODATION,
    activityIt: 'Affittacamere', activityEn: 'Guest rooms',
    descriptionIt: 'Apertura di una struttura ricettiva extralberghiera che offre alloggio in camere situate in uno o più appartamenti arredati.',
    descriptionEn: 'Opening of non-hotel accommodation offering rooms in one or more furnished flats.',
  },
  {
    code: 'AVV-RIC-003', typeIniziativeId: 1, ...ACCOMMODATION,
    activityIt: 'Casa vacanze', activityEn: 'Holiday home',
    descriptionIt: 'Avvio della gestione di unità abitative arredate date in affitto ai turisti per soggiorni brevi, senza servizi centralizzati.',
    descriptionEn: 'Starting the management of furnished homes let to tourists for short stays, without central services.',
  },
  {
    code: 'AVV-RIC-004', typeIniziativeId: 1, ...ACCOMMODATION,
    activityIt: 'Agriturismo', activityEn: 'Farm stay',
    descriptionIt: "Avvio di attività di ospitalità e ristorazione svolte da un imprenditore agricolo in connessione con l'attività dell'azienda agricola.",
    descriptionEn: "Starting accommodation and catering services run by a farmer alongside the farm's agricultural activity.",
  },
  {
    code: 'AVV-ART-005', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Autoriparazione: meccatronica', activityEn: 'Car repair: mechatronics',
    descriptionIt: "Avvio dell'attività di riparazione e manutenzione delle parti meccaniche ed elettroniche dei veicoli a motore.",
    descriptionEn: 'Starting the repair and servicing of the mechanical and electronic parts of motor vehicles.',
  },
  {
    code: 'AVV-ART-006', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Autoriparazione: carrozzeria', activityEn: 'Car repair: bodywork',
    descriptionIt: "Avvio dell'attività di riparazione della carrozzeria e di verniciatura dei veicoli a motore.",
    descriptionEn: 'Starting the repair of bodywork and the painting of motor vehicles.',
  },
  {
    code: 'AVV-ART-007', typeIniziativeId: 1, ...CRAFTS,
    activityIt: 'Autoriparazione: gommista', activityEn: 'Car repair: tyre service',
    descriptionIt: "Avvio dell'attività di riparazione, sostituzione ed equilibratura degli pneumatici dei veicoli a motore.",
    descriptionEn: 'Starting the repair, replacement and balancing of motor vehicle tyres.',
  },
  {
    code: 'AVV-SPO-001', typeIniziativeId: 1, ...SPORT,
    activityIt: 'Palestra', activityEn: 'Gym',
    descriptionIt: "Apertura di un impianto aperto al pubblico per l'esercizio di attività fisica e sportiva con attrezzature.",
    descriptionEn: 'Opening of a facility open to the public for physical and sports activities using equipment.',
  },
  {
    code: 'AVV-SPO-002', typeIniziativeId: 1, ...SPORT,
    activityIt: 'Centro sportivo', activityEn: 'Sports centre',
    descriptionIt: 'Apertura di un impianto sportivo con campi, piscine o altre strutture per la pratica di discipline sportive.',
    descriptionEn: 'Opening of a sports facility with pitches, swimming pools or other structures for practising sports.',
  },
  {
    code: 'AVV-SPO-003', typeIniziativeId: 1, ...SPORT,
    activityIt: 'Spettacolo e intrattenimento', activityEn: 'Entertainment venue',
    descriptionIt: "Avvio di un'attività di pubblico spettacolo o intrattenimento, come discoteca, sala da ballo o locale con musica dal vivo.",
    descriptionEn: 'Starting a public entertainment business, such as a nightclub, dance hall or live music venue.',
  },
  {
    code: 'AVV-TUR-001', typeIniziativeId: 1, ...TOURISM,
    activityIt: 'Agenzia di viaggi e turismo', activityEn: 'Travel agency',
    descriptionIt: "Apertura di un'agenzia che organizza e vende viaggi, soggiorni e pacchetti turistici, con un direttore tecnico abilitato.",
    descriptionEn: 'Opening of an agency that organises and sells trips, holidays and package tours, with a qualified technical director.',
  },
  {
    code: 'AVV-TRA-001', typeIniziativeId: 1, ...TRANSPORT,
    activityIt: 'Noleggio con conducente', activityEn: 'Car hire with driver',
    descriptionIt: "Avvio del servizio di noleggio di autovetture con conducente sulla base dell'autorizzazione rilasciata dal comune.",
    descriptionEn: 'Starting a chauffeured car hire service under a licence issued by the municipality.',
  },
  {
    code: 'AVV-TRA-002', typeIniziativeId: 1, ...TRANSPORT,
    activityIt: 'Noleggio senza conducente', activityEn: 'Vehicle rental without driver',
    descriptionIt: "Avvio dell'attività di noleggio di autoveicoli, motocicli o biciclette senza conducente.",
    descriptionEn: 'Starting the rental of cars, motorcycles or bicycles without a driver.',
  },
  {
    code: 'AVV-SAN-001', typeIniziativeId: 1, ...HEALTH,
    activityIt: 'Studio medico', activityEn: 'Medical practice',
    descriptionIt: "Apertura di uno studio medico o specialistico per l'erogazione di prestazioni sanitarie in regime ambulatoriale.",
    descriptionEn: 'Opening of a medical or specialist practice providing outpatient healthcare services.',
  },
  {
    code: 'AVV-SAN-002', typeIniziativeId: 1, ...HEALTH,
    activityIt: 'Studio odontoiatrico', activityEn: 'Dental practice',
    descriptionIt: "Apertura di uno studio odontoiatrico, soggetto all'autorizzazione sanitaria all'esercizio.",
    descriptionEn: 'Opening of a dental practice, subject to a health authorisation to operate.',
  },
  {
    code: 'AVV-EDU-001', typeIniziativeId: 1, ...EDUCATION,
    activityIt: 'Asilo nido privato', activityEn: 'Private nursery',
    descriptionIt: 'Apertura di un servizio educativo privato per bambini da 3 a 36 mesi, soggetto ad autorizzazione al funzionamento.',
    descriptionEn: 'Opening of a private early years service for children aged 3 to 36 months, subject to an operating authorisation.',
  },

  // 2. Modifica o subingresso / Change or takeover
  {
    code: 'MOD-COM-001', typeIniziativeId: 2, ...TRADE,
    activityIt: 'Subingresso in esercizio commerciale', activityEn: 'Takeover of a shop',
    descriptionIt: "Subentro di un nuovo titolare in un esercizio di vicinato o in una media struttura di vendita per cessione o affitto d'azienda.",
    descriptionEn: 'Change of owner of a neighbourhood shop or medium-sized store following the sale or lease of the business.',
  },
  {
    code: 'MOD-COM-002', typeIniziativeId: 2, ...TRADE,
    activityIt: 'Modifica della superficie di vendita', activityEn: 'Change of sales area',
    descriptionIt: 'Ampliamento o riduzione della superficie di vendita, o modifica del settore merceologico, di un esercizio commerciale.',
    descriptionEn: 'Extension or reduction of the sales area, or change of the product sector, of a shop.',
  },
  {
    code: 'MOD-COM-003', typeIniziativeId: 2, ...TRADE,
    activityIt: 'Trasferimento di sede', activityEn: 'Relocation of a shop',
    descriptionIt: "Trasferimento di un esercizio commerciale in altri locali all'interno dello stesso comune.",
    descriptionEn: 'Moving a shop to other premises within the same municipality.',
  },
  {
    code: 'MOD-SOM-001', typeIniziativeId: 2, ...FOOD_SERVICE,
    activityIt: 'Subingresso in bar e ristorante', activityEn: 'Takeover of a bar or restaurant',
    descriptionIt: "Subentro di un nuovo titolare nella gestione di un pubblico esercizio di somministrazione per cessione o affitto d'azienda.",
    descriptionEn: 'Change of operator of a food and drink establishment following the sale or lease of the business.',
  },
  {
    code: 'MOD-SOM-002', typeIniziativeId: 2, ...FOOD_SERVICE,
    activityIt: 'Modifica dei locali di somministrazione', activityEn: 'Alteration of food service premises',
    descriptionIt: 'Ampliamento, riduzione o modifica strutturale dei locali di un pubblico esercizio di somministrazione di alimenti e bevande.',
    descriptionEn: 'Extension, reduction or structural alteration of the premises of a food and drink establishment.',
  },
  {
    code: 'MOD-SPE-001', typeIniziativeId: 2, ...PERSONAL,
    activityIt: 'Subingresso in acconciatore o estetista', activityEn: 'Takeover of a hair or beauty salon',
    descriptionIt: "Subentro di un nuovo titolare in un'attività di acconciatore o di estetista già avviata.",
    descriptionEn: 'Change of owner of an established hairdressing or beauty business.',
  },
  {
    code: 'MOD-SPE-002', typeIniziativeId: 2, ...PERSONAL,
    activityIt: 'Sostituzione del responsabile tecnico', activityEn: 'Change of technical manager',
    descriptionIt: "Comunicazione della nomina di un nuovo responsabile tecnico per un'attività di acconciatore, estetista o tintoria.",
    descriptionEn: 'Notice of the appointment of a new technical manager for a hairdressing, beauty or dry cleaning business.',
  },
  {
    code: 'MOD-RIC-001', typeIniziativeId: 2, ...ACCOMMODATION,
    activityIt: 'Variazione della struttura ricettiva', activityEn: 'Change to an accommodation facility',
    descriptionIt: 'Modifica del numero di camere, dei posti letto o dei servizi offerti da una struttura ricettiva extralberghiera.',
    descriptionEn: 'Change in the number of rooms, beds or services offered by a non-hotel accommodation facility.',
  },
  {
    code: 'MOD-ART-001', typeIniziativeId: 2, ...CRAFTS,
    activityIt: 'Subingresso in officina di autoriparazione', activityEn: 'Takeover of a car repair workshop',
    descriptionIt: "Subentro di un nuovo titolare in un'officina di meccatronica, carrozzeria o gommista, con indicazione del responsabile tecnico.",
    descriptionEn: 'Change of owner of a mechatronics, bodywork or tyre workshop, naming the technical manager.',
  },
  {
    code: 'MOD-SAN-001', typeIniziativeId: 2, ...HEALTH,
    activityIt: 'Trasferimento di farmacia', activityEn: 'Pharmacy relocation',
    descriptionIt: "Trasferimento dei locali di una farmacia all'interno della sede farmaceutica assegnata.",
    descriptionEn: "Moving a pharmacy's premises within its assigned pharmacy catchment area.",
  },
  {
    code: 'MOD-TRA-001', typeIniziativeId: 2, ...TRANSPORT,
    activityIt: 'Sostituzione del veicolo a noleggio con conducente', activityEn: 'Change of chauffeured hire vehicle',
    descriptionIt: 'Sostituzione del veicolo utilizzato per il servizio di noleggio con conducente.',
    descriptionEn: 'Replacement of the vehicle used for the chauffeured car hire service.',
  },

  // 3. Cessazione / Closure
  {
    code: 'CES-COM-001', typeIniziativeId: 3, ...TRADE,
    activityIt: 'Cessazione di esercizio commerciale', activityEn: 'Closure of a shop',
    descriptionIt: 'Comunicazione della chiusura definitiva di un esercizio di vicinato o di una media struttura di vendita.',
    descriptionEn: 'Notice of the permanent closure of a neighbourhood shop or medium-sized store.',
  },
  {
    code: 'CES-COM-002', typeIniziativeId: 3, ...TRADE,
    activityIt: 'Cessazione del commercio su area pubblica', activityEn: 'Closure of street trading',
    descriptionIt: "Comunicazione della cessazione del commercio su aree pubbliche e restituzione dell'autorizzazione.",
    descriptionEn: 'Notice of the end of trading on public land and return of the licence.',
  },
  {
    code: 'CES-SOM-001', typeIniziativeId: 3, ...FOOD_SERVICE,
    activityIt: 'Cessazione di bar e ristorante', activityEn: 'Closure of a bar or restaurant',
    descriptionIt: 'Comunicazione della chiusura definitiva di un pubblico esercizio di somministrazione di alimenti e bevande.',
    descriptionEn: 'Notice of the permanent closure of a food and drink establishment.',
  },
  {
    code: 'CES-SPE-001', typeIniziativeId: 3, ...PERSONAL,
    activityIt: 'Cessazione di servizi alla persona', activityEn: 'Closure of a personal services business',
    descriptionIt: "Comunicazione della chiusura di un'attività di acconciatore, estetista, tatuaggio o piercing.",
    descriptionEn: 'Notice of the closure of a hairdressing, beauty, tattoo or piercing business.',
  },
  {
    code: 'CES-RIC-001', typeIniziativeId: 3, ...ACCOMMODATION,
    activityIt: 'Cessazione di struttura ricettiva', activityEn: 'Closure of an accommodation facility',
    descriptionIt: 'Comunicazione della chiusura di un bed and breakfast, di un affittacamere, di una casa vacanze o di un agriturismo.',
    descriptionEn: 'Notice of the closure of a bed and breakfast, guest rooms, a holiday home or a farm stay.',
  },
  {
    code: 'CES-ART-001', typeIniziativeId: 3, ...CRAFTS,
    activityIt: 'Cessazione di attività artigianale', activityEn: 'Closure of a craft business',
    descriptionIt: "Comunicazione della chiusura di un laboratorio alimentare, di un panificio o di un'officina di autoriparazione.",
    descriptionEn: 'Notice of the closure of a food workshop, a bakery or a car repair workshop.',
  },
  {
    code: 'CES-SPO-001', typeIniziativeId: 3, ...SPORT,
    activityIt: 'Cessazione di palestra o impianto sportivo', activityEn: 'Closure of a gym or sports facility',
    descriptionIt: 'Comunicazione della chiusura di una palestra, di un centro sportivo o di un locale di pubblico spettacolo.',
    descriptionEn: 'Notice of the closure of a gym, a sports centre or a public entertainment venue.',
  },
];
