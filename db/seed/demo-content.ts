/**
 * Demo content for Spotfolio: categories, creators, curated maps and
 * editorial "Discover" articles. Plain typed data only (no runtime logic),
 * consumed by the database seed script.
 *
 * All places are real; coordinates are WGS84 decimal degrees (5 dp).
 */

export type Visibility = "public" | "premium" | "supporters";

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
}

export interface DemoCreator {
  key: string;
  handle: string;
  displayName: string;
  email: string;
  bio: string;
  homeCity: string;
}

export interface DemoSpot {
  slug: string;
  name: string;
  summary: string;
  description: string;
  lat: number;
  lng: number;
  address: string;
  /** a DemoCategory slug */
  category: string;
  /** defaults to "public" */
  visibility?: Visibility;
  /** defaults to true */
  published?: boolean;
}

export interface DemoMap {
  slug: string;
  title: string;
  summary: string;
  /** a DemoCreator key */
  creator: string;
  city: { name: string; countryCode: string /* ISO-3166 alpha-2 */ };
  /** defaults to true */
  published?: boolean;
  spots: DemoSpot[];
}

export interface DemoArticle {
  slug: string;
  type: "guides" | "stories" | "collections";
  title: string;
  summary: string;
  /** markdown, 150-400 words */
  body: string;
  category: string;
  /** maps it features */
  mapSlugs: string[];
}

export const demoCategories: DemoCategory[] = [
  { slug: "food", name: "Food", description: "Restaurants, taverns, bakeries and street food worth planning a day around." },
  { slug: "coffee", name: "Coffee", description: "Historic cafés and specialty roasters for a proper cup and a slow half hour." },
  { slug: "bars", name: "Bars", description: "Wine bars, old pubs, cocktail rooms and beer gardens for the evening." },
  { slug: "culture", name: "Culture", description: "Museums, galleries, cultural centres and the collections that define a city." },
  { slug: "sights", name: "Sights", description: "Landmarks, squares and must-see places, with tips for seeing them well." },
  { slug: "nature", name: "Nature", description: "Parks, gardens, beaches, riversides and viewpoints to catch your breath." },
  { slug: "markets", name: "Markets", description: "Food halls, flea markets and neighbourhood markets with real local life." },
  { slug: "shopping", name: "Shopping", description: "Bookshops, design stores and independent shops worth a detour." },
  { slug: "architecture", name: "Architecture", description: "Buildings, churches, stations and streets that are the attraction themselves." },
];

export const demoCreators: DemoCreator[] = [
  {
    key: "lucia",
    handle: "lucia_ferrer",
    displayName: "Lucía Ferrer",
    email: "lucia.ferrer@example.com",
    bio: "I grew up above a bakery in Gràcia and still judge neighbourhoods by their vermouth. I map the places I send my own friends to in Barcelona and Madrid.",
    homeCity: "Barcelona",
  },
  {
    key: "joao",
    handle: "joao_pereira",
    displayName: "João Pereira",
    email: "joao.pereira@example.com",
    bio: "I'm a Lisbon tram nerd and a part-time tile restorer. Expect miradouros, tascas and a lot of walking uphill.",
    homeCity: "Lisbon",
  },
  {
    key: "claire",
    handle: "claire_dubois",
    displayName: "Claire Dubois",
    email: "claire.dubois@example.com",
    bio: "I've lived in five arrondissements and complained about all of them. These are the Paris places that keep me from moving to the countryside.",
    homeCity: "Paris",
  },
  {
    key: "marco",
    handle: "marco_bellini",
    displayName: "Marco Bellini",
    email: "marco.bellini@example.com",
    bio: "Roman by birth, Testaccio by conviction. I write about eating well and seeing the city without the crowds.",
    homeCity: "Rome",
  },
  {
    key: "hannah",
    handle: "hannah_weber",
    displayName: "Hannah Weber",
    email: "hannah.weber@example.com",
    bio: "I'm an architect who cycles everywhere. I map Berlin and Copenhagen one neighbourhood, one bakery and one building at a time.",
    homeCity: "Berlin",
  },
  {
    key: "sam",
    handle: "sam_okafor",
    displayName: "Sam Okafor",
    email: "sam.okafor@example.com",
    bio: "Londoner, long-distance walker and pub historian. I also spend far too many weekends in Amsterdam.",
    homeCity: "London",
  },
  {
    key: "yuki",
    handle: "yuki_tanaka",
    displayName: "Yuki Tanaka",
    email: "yuki.tanaka@example.com",
    bio: "I'm a Tokyo-based illustrator who collects quiet gardens and kissaten. My maps are for people who want the calm side of the city.",
    homeCity: "Tokyo",
  },
  {
    key: "maya",
    handle: "maya_rodriguez",
    displayName: "Maya Rodríguez",
    email: "maya.rodriguez@example.com",
    bio: "Brooklyn-raised with family in Mexico City, I split my year between both. I follow my stomach first and the museums second.",
    homeCity: "New York",
  },
];

export const demoMaps: DemoMap[] = [
  {
    slug: "barcelona-beyond-the-rambla",
    title: "Barcelona Beyond the Rambla",
    summary: "Gaudí, market counters, vermouth bars and the viewpoints locals actually use, from the Born to Montjuïc.",
    creator: "lucia",
    city: { name: "Barcelona", countryCode: "ES" },
    spots: [
      {
        slug: "sagrada-familia", name: "Basílica de la Sagrada Família",
        summary: "Yes, it's obvious, but the light inside still stops me every single time.",
        description: "Book a timed ticket online and go for the first or last slot, when the stained glass throws blue and orange across the nave. The Nativity facade is Gaudí's own work; compare it with the angular Passion facade opposite. Tower access is worth the extra if you don't mind narrow spiral stairs.",
        lat: 41.40363, lng: 2.17436, address: "Carrer de Mallorca 401, 08013 Barcelona", category: "architecture",
      },
      {
        slug: "mercat-de-la-boqueria", name: "Mercat de la Boqueria",
        summary: "Skip the smoothie stalls at the front and head straight for the counter bars inside.",
        description: "The market is busiest with tour groups around midday, so come before 10am when the traders are still setting out. Grab a stool at one of the bar counters in the middle for chickpeas with blood sausage or eggs with baby squid. It's closed on Sundays.",
        lat: 41.38185, lng: 2.17163, address: "La Rambla 91, 08001 Barcelona", category: "markets",
      },
      {
        slug: "park-guell", name: "Park Güell",
        summary: "Gaudí's hillside park is best early, before the mosaic terrace fills up.",
        description: "Only the Monumental Zone with the mosaic bench and the salamander needs a ticket; the wider wooded park around it is free and much quieter. Book the earliest entry slot and walk up to the Turó de les Tres Creus for a view over the whole city.",
        lat: 41.41449, lng: 2.15270, address: "Carrer d'Olot s/n, 08024 Barcelona", category: "nature",
      },
      {
        slug: "casa-batllo", name: "Casa Batlló",
        summary: "The bone-and-scale facade on Passeig de Gràcia looks even stranger up close.",
        description: "The interior visit is pricey but the undulating ceilings and the blue-tiled light well are genuinely unique. Evening visits are calmer than the daytime crush. If you skip going in, stand across the street at dusk when the facade is lit.",
        lat: 41.39164, lng: 2.16498, address: "Passeig de Gràcia 43, 08007 Barcelona", category: "architecture",
      },
      {
        slug: "la-pedrera", name: "La Pedrera (Casa Milà)",
        summary: "Go for the rooftop warriors and the attic of brick arches, not the apartment.",
        description: "The chimney sculptures on the roof are the highlight, and the attic's catenary arches explain how Gaudí thought about structure. The night visit with projections is touristy but fun in summer. Tickets are cheaper online.",
        lat: 41.39530, lng: 2.16195, address: "Passeig de Gràcia 92, 08008 Barcelona", category: "architecture",
      },
      {
        slug: "santa-maria-del-mar", name: "Basílica de Santa Maria del Mar",
        summary: "My favourite building in the city: Catalan Gothic at its most elegant and airy.",
        description: "Built in just over fifty years by the port workers of the Ribera, it has a rare unity of style. Entry to the nave is free at set hours; the paid rooftop tour gives you views over the Born. Sit for a while and look at the slender octagonal columns.",
        lat: 41.38385, lng: 2.18194, address: "Plaça de Santa Maria 1, 08003 Barcelona", category: "architecture",
      },
      {
        slug: "museu-picasso", name: "Museu Picasso",
        summary: "The early work here shows how Picasso became Picasso, in five medieval palaces.",
        description: "The collection is strongest on his youth and his Barcelona years, plus the remarkable Las Meninas series. Thursday evenings and the first Sunday of the month are free but need advance booking. Allow time to admire the Gothic courtyards of Carrer de Montcada.",
        lat: 41.38519, lng: 2.18094, address: "Carrer de Montcada 15-23, 08003 Barcelona", category: "culture",
      },
      {
        slug: "palau-de-la-musica", name: "Palau de la Música Catalana",
        summary: "A concert here is the best way to see Domènech i Montaner's modernista jewel.",
        description: "The stained-glass skylight and the sculpted muses around the stage are overwhelming in the best way. Guided tours run daily, but a ticket to any concert, even a guitar recital, costs about the same and gives you the real experience. The café in the foyer is open to all.",
        lat: 41.38760, lng: 2.17530, address: "Carrer Palau de la Música 4-6, 08003 Barcelona", category: "architecture",
      },
      {
        slug: "mercat-de-santa-caterina", name: "Mercat de Santa Caterina",
        summary: "The market with the wavy mosaic roof, where neighbours really do their shopping.",
        description: "Enric Miralles and Benedetta Tagliabue's colourful roof is best seen from the upper floors of nearby buildings, but the produce stalls below are the point. It's calmer and more local than the Boqueria. Have a coffee at the counter of one of the market bars.",
        lat: 41.38610, lng: 2.17810, address: "Avinguda de Francesc Cambó 16, 08003 Barcelona", category: "markets",
      },
      {
        slug: "bunkers-del-carmel", name: "Bunkers del Carmel",
        summary: "The 360-degree sunset view from old anti-aircraft batteries is the city's best free show.",
        description: "Climb up from the Carmel neighbourhood or take bus V17 or 24 most of the way. Bring water and something to drink at sunset, and remember it's a heritage site, so be respectful. Arrive an hour before sundown in summer to find a good spot.",
        lat: 41.41920, lng: 2.16190, address: "Carrer de Marià Labèrnia s/n, 08032 Barcelona", category: "nature", visibility: "premium",
      },
      {
        slug: "mnac", name: "Museu Nacional d'Art de Catalunya",
        summary: "The Romanesque fresco rooms alone justify the climb up Montjuïc.",
        description: "Whole church apses from the Pyrenees were moved here in the 1920s and reinstalled with their paintings intact. Don't miss the modernista furniture and the dome hall. The terrace in front of the palace has one of the best city views, free.",
        lat: 41.36850, lng: 2.15340, address: "Palau Nacional, Parc de Montjuïc s/n, 08038 Barcelona", category: "culture",
      },
      {
        slug: "fundacio-joan-miro", name: "Fundació Joan Miró",
        summary: "Miró in a luminous white building by Josep Lluís Sert, with a sculpture roof terrace.",
        description: "The building and the art were designed for each other, and the natural light makes the colours sing. Look for Calder's Mercury Fountain inside. Combine it with a walk through the Montjuïc gardens.",
        lat: 41.36850, lng: 2.15990, address: "Parc de Montjuïc s/n, 08038 Barcelona", category: "culture",
      },
      {
        slug: "macba", name: "MACBA",
        summary: "Richard Meier's white museum, and the skateboarders in front, are pure Raval.",
        description: "The contemporary collection rotates, so check what's on, but the square outside is a show in itself. The bookshop is excellent. Wander the surrounding Raval streets afterwards for cheap lunch spots.",
        lat: 41.38320, lng: 2.16670, address: "Plaça dels Àngels 1, 08001 Barcelona", category: "culture",
      },
      {
        slug: "cal-pep", name: "Cal Pep",
        summary: "Counter seating, no menu to speak of, and the freshest seafood tapas in the Born.",
        description: "Let the cooks choose for you: typically tiny fried fish, clams with ham, a runny tortilla and tuna tartare. Queue before opening for the counter, which is the whole experience. It isn't cheap, but it's worth it.",
        lat: 41.38420, lng: 2.18290, address: "Plaça de les Olles 8, 08003 Barcelona", category: "food",
      },
      {
        slug: "el-xampanyet", name: "El Xampanyet",
        summary: "A tiled, elbow-to-elbow cava bar that has barely changed in decades.",
        description: "Order the house sparkling wine by the glass with anchovies, cured ham and pickled fish. It gets packed after 8pm, so aim for an early aperitivo. Pair it with the Picasso museum across the street.",
        lat: 41.38450, lng: 2.18110, address: "Carrer de Montcada 22, 08003 Barcelona", category: "bars",
      },
      {
        slug: "quimet-quimet", name: "Quimet & Quimet",
        summary: "Standing-room montaditos built from tins and jars, in a bottle-lined Poble Sec bar.",
        description: "The combination of salmon, yoghurt and truffle honey sounds odd and tastes wonderful. There are no seats, so it works best as a first stop. Go early on weekdays and avoid weekends.",
        lat: 41.37400, lng: 2.16520, address: "Carrer del Poeta Cabanyes 25, 08004 Barcelona", category: "bars",
      },
      {
        slug: "bar-canete", name: "Bar Cañete",
        summary: "A long marble bar near the Liceu where the tapas are classic and precise.",
        description: "Sit at the bar to watch the cooks and order the bikini sandwich, the croquettes and whatever fish is on the board. Book ahead for dinner. It's a good option after a night at the opera.",
        lat: 41.37960, lng: 2.17330, address: "Carrer de la Unió 17, 08001 Barcelona", category: "food", visibility: "premium",
      },
      {
        slug: "la-cova-fumada", name: "La Cova Fumada",
        summary: "The birthplace of the bomba, hidden behind an unmarked door in Barceloneta.",
        description: "There's no sign, just a crowd by the door near the market. Order the original bomba (a fried potato and meat ball with spicy sauce), grilled sardines and artichokes. It opens mainly for lunch, so plan accordingly.",
        lat: 41.37900, lng: 2.18950, address: "Carrer del Baluard 56, 08003 Barcelona", category: "food", visibility: "supporters",
      },
      {
        slug: "nomad-coffee-lab", name: "Nomad Coffee Lab & Shop",
        summary: "The roaster that set the bar for specialty coffee in Barcelona, tucked down a passage.",
        description: "A tiny space with a big reputation: ask what's on filter that week. They sell beans to take home too. It's just a few minutes from the Palau de la Música.",
        lat: 41.38930, lng: 2.17740, address: "Passatge Sert 12, 08003 Barcelona", category: "coffee",
      },
      {
        slug: "cafe-el-magnifico", name: "Cafés El Magnífico",
        summary: "A family roastery since the early 1900s, steps from Santa Maria del Mar.",
        description: "Stand at the counter for an espresso or ask for advice on beans to take home; the staff know their origins. It's a good morning stop before visiting the basilica. Bags make great gifts.",
        lat: 41.38380, lng: 2.18040, address: "Carrer de l'Argenteria 64, 08003 Barcelona", category: "coffee",
      },
      {
        slug: "granja-m-viader", name: "Granja M. Viader",
        summary: "Thick hot chocolate and cream in the dairy bar where Cacaolat was born.",
        description: "Order a suís (hot chocolate topped with whipped cream) or a mató cheese with honey. The old wood-and-marble interior hasn't changed in generations. Ideal on a rainy afternoon off La Rambla.",
        lat: 41.38300, lng: 2.17100, address: "Carrer d'en Xuclà 4-6, 08001 Barcelona", category: "coffee",
      },
      {
        slug: "bar-marsella", name: "Bar Marsella",
        summary: "Dusty chandeliers and absinthe in a Raval bar that has been open since 1820.",
        description: "Order absinthe with the sugar cube and fork ritual and sip slowly. It's cash-friendly and loud late at night. Come around 11pm for peak atmosphere.",
        lat: 41.37850, lng: 2.17000, address: "Carrer de Sant Pau 65, 08001 Barcelona", category: "bars",
      },
      {
        slug: "boadas-cocteleria", name: "Boadas Cocteleria",
        summary: "A tiny triangle of a cocktail bar from 1933, still shaking perfect daiquiris.",
        description: "White-jacketed bartenders throw drinks between shakers in the old style. Order a daiquiri or a classic martini. It's standing room mostly, so go early evening.",
        lat: 41.38450, lng: 2.17030, address: "Carrer dels Tallers 1, 08001 Barcelona", category: "bars",
      },
      {
        slug: "parc-de-la-ciutadella", name: "Parc de la Ciutadella",
        summary: "Sunday afternoons here mean drum circles, rowing boats and picnics under palms.",
        description: "Find the monumental Cascada fountain, which a young Gaudí helped design, and rent a rowing boat on the lake. The Catalan Parliament sits inside the park. Arrive from the Arc de Triomf promenade.",
        lat: 41.38810, lng: 2.18690, address: "Passeig de Picasso 21, 08003 Barcelona", category: "nature",
      },
      {
        slug: "platja-de-la-barceloneta", name: "Platja de la Barceloneta",
        summary: "The city beach is busiest here; walk north for more sand and fewer crowds.",
        description: "Great for a morning swim before the crowds, or a sunset walk along the promenade. Keep an eye on your bag. For calmer water and space, continue towards Nova Icària or Bogatell.",
        lat: 41.37840, lng: 2.19250, address: "Passeig Marítim de la Barceloneta, 08003 Barcelona", category: "nature",
      },
      {
        slug: "recinte-modernista-sant-pau", name: "Recinte Modernista de Sant Pau",
        summary: "A hospital turned into a garden city of mosaic domes, often quieter than Gaudí.",
        description: "Domènech i Montaner designed it as pavilions connected by underground tunnels, with gardens for healing. Walk there up Avinguda de Gaudí from the Sagrada Família. The restored wards give a sense of the original scale.",
        lat: 41.41170, lng: 2.17440, address: "Carrer de Sant Antoni Maria Claret 167, 08025 Barcelona", category: "architecture", visibility: "premium",
      },
      {
        slug: "catedral-de-barcelona", name: "Catedral de Barcelona",
        summary: "The cloister with its thirteen white geese is my favourite quiet corner in the Gòtic.",
        description: "Pay for the rooftop lift for a view over the old town's spires. The cloister with its palm trees and fountain is the highlight. On weekends you may see sardana dancing in the square outside.",
        lat: 41.38393, lng: 2.17617, address: "Pla de la Seu s/n, 08002 Barcelona", category: "sights",
      },
      {
        slug: "placa-reial", name: "Plaça Reial",
        summary: "Palm trees, arcades and Gaudí's first public commission: the square's lampposts.",
        description: "It's touristy at the terraces, so have a drink here and dine elsewhere. Look at the twin lamps by the fountain, designed by a young Gaudí. At night it's lively with music bars.",
        lat: 41.38000, lng: 2.17540, address: "Plaça Reial, 08002 Barcelona", category: "sights",
      },
      {
        slug: "mercat-de-sant-antoni", name: "Mercat de Sant Antoni",
        summary: "A restored iron market with a Sunday book and coin fair around its edges.",
        description: "Weekdays are all fresh produce, while Sunday mornings bring second-hand books, comics and old postcards. Have vermouth at one of the bars on the surrounding streets afterwards. The Roman-era remains in the basement are free to see.",
        lat: 41.37870, lng: 2.16190, address: "Carrer del Comte d'Urgell 1, 08011 Barcelona", category: "markets",
      },
      {
        slug: "palau-guell", name: "Palau Güell",
        summary: "Gaudí's early mansion off La Rambla, with a spectacular parabolic central hall.",
        description: "The audio guide is good and the rooftop chimneys are a preview of what came later. It's usually far less crowded than the big Gaudí houses. The basement stables are remarkable too.",
        lat: 41.37890, lng: 2.17420, address: "Carrer Nou de la Rambla 3-5, 08001 Barcelona", category: "architecture",
      },
      {
        slug: "casa-vicens", name: "Casa Vicens",
        summary: "Gaudí's first house, covered in green tiles and marigolds, in the heart of Gràcia.",
        description: "It opened to the public only in 2017 and still feels like a discovery. The smoking room's ceiling is a highlight. Afterwards, wander down to Gràcia's squares for lunch.",
        lat: 41.40350, lng: 2.15070, address: "Carrer de les Carolines 20-26, 08012 Barcelona", category: "architecture",
      },
      {
        slug: "pavello-mies-van-der-rohe", name: "Pavelló Mies van der Rohe",
        summary: "Modernism distilled: marble, glass, water and a sculpture, reconstructed on Montjuïc.",
        description: "Built for the 1929 Expo and reconstructed in the 1980s, it's small but worth lingering in. Notice how the onyx wall glows in afternoon sun. Visit on your way up to the MNAC.",
        lat: 41.37060, lng: 2.15020, address: "Avinguda de Francesc Ferrer i Guàrdia 7, 08038 Barcelona", category: "architecture",
      },
      {
        slug: "la-plata", name: "Bar La Plata",
        summary: "Four dishes, one tiny room, and excellent fried fish since 1945.",
        description: "The menu is fried pescaditos, a tomato and onion salad, sausage and anchovies, with cheap house wine. It's my go-to before a night out in the Gòtic. Service is fast; don't expect to linger.",
        lat: 41.38050, lng: 2.17960, address: "Carrer de la Mercè 28, 08002 Barcelona", category: "food",
      },
    ],
  },
  {
    slug: "madrid-tapas-and-paseos",
    title: "Madrid: Tapas and Paseos",
    summary: "The art triangle, old taverns of La Latina and Huertas, and the parks where Madrid goes to breathe.",
    creator: "lucia",
    city: { name: "Madrid", countryCode: "ES" },
    spots: [
      {
        slug: "museo-del-prado", name: "Museo del Prado",
        summary: "Velázquez, Goya and Bosch under one roof; I never try to see it all.",
        description: "Pick three rooms and do them properly: Las Meninas, Goya's Black Paintings and Bosch's Garden of Earthly Delights. The last two hours of the day are free, but queues form early. Enter by the Jerónimos building to avoid the main crush.",
        lat: 40.41378, lng: -3.69214, address: "Calle de Ruiz de Alarcón 23, 28014 Madrid", category: "culture",
      },
      {
        slug: "mercado-de-san-miguel", name: "Mercado de San Miguel",
        summary: "An iron-and-glass market turned gourmet tapas hall, touristy but fun for a quick round.",
        description: "Treat it as a grazing stop: an oyster, a skewer of anchovies and a glass of vermouth. Prices are higher than in neighbourhood bars. Mid-afternoon on a weekday is the least crowded time.",
        lat: 40.41540, lng: -3.70900, address: "Plaza de San Miguel s/n, 28005 Madrid", category: "markets",
      },
      {
        slug: "parque-del-retiro", name: "Parque del Retiro",
        summary: "Rent a rowing boat on the Estanque Grande and watch Madrid's Sunday unfold.",
        description: "The big pond under the Alfonso XII monument is the heart of the park, with boats for hire most of the year. Sunday mornings bring buskers, puppet shows and families. Walk south to the rose garden in May.",
        lat: 40.41790, lng: -3.68270, address: "Plaza de la Independencia 7, 28001 Madrid", category: "nature",
      },
      {
        slug: "museo-reina-sofia", name: "Museo Reina Sofía",
        summary: "Guernica is the reason to come, but the rest of the modern collection deserves time.",
        description: "Spend a moment with Picasso's Guernica and the preparatory sketches around it. The glass lifts on the old hospital facade and the Jean Nouvel extension are worth a look. Free entry on some evenings, so check the schedule.",
        lat: 40.40800, lng: -3.69450, address: "Calle de Santa Isabel 52, 28012 Madrid", category: "culture",
      },
      {
        slug: "museo-thyssen-bornemisza", name: "Museo Thyssen-Bornemisza",
        summary: "A private collection that fills the gaps: Impressionists, Expressionists and American art.",
        description: "It's a chronological walk through European art from the top floor down, easy to navigate. The terrace café is a pleasant break. Monday afternoons have free access to the permanent collection.",
        lat: 40.41600, lng: -3.69490, address: "Paseo del Prado 8, 28014 Madrid", category: "culture",
      },
      {
        slug: "plaza-mayor", name: "Plaza Mayor",
        summary: "The grand arcaded square is best crossed early morning, coffee in hand, not dined in.",
        description: "Look up at the painted Casa de la Panadería facade. Skip the terrace restaurants and instead grab a calamari sandwich in one of the bars just off the square. In December it hosts a Christmas market.",
        lat: 40.41553, lng: -3.70742, address: "Plaza Mayor, 28012 Madrid", category: "sights",
      },
      {
        slug: "palacio-real", name: "Palacio Real de Madrid",
        summary: "Western Europe's largest royal palace, with a throne room that earns the adjective.",
        description: "Visit the Royal Armoury and the Stradivarius instruments. The changing of the guard takes place on Wednesdays and Saturdays. For free views of the facade, walk into the Sabatini Gardens or Plaza de Oriente.",
        lat: 40.41800, lng: -3.71430, address: "Calle de Bailén s/n, 28071 Madrid", category: "sights",
      },
      {
        slug: "templo-de-debod", name: "Templo de Debod",
        summary: "A real Egyptian temple on a hill, and my favourite sunset spot in the city.",
        description: "Gifted by Egypt in 1968, it sits above the Parque del Oeste with views towards the Casa de Campo. Come at sunset and stay until the lights reflect in the pool. Entry to the small interior is free but limited.",
        lat: 40.42400, lng: -3.71780, address: "Calle de Ferraz 1, 28008 Madrid", category: "sights",
      },
      {
        slug: "chocolateria-san-gines", name: "Chocolatería San Ginés",
        summary: "Churros and thick chocolate since 1894, ideally at the end of a long night.",
        description: "Order porras (thicker churros) along with the classic ones and dunk them in the chocolate. It's open very late, so it's the traditional last stop after a night out. The back room is quieter than the alley tables.",
        lat: 40.41690, lng: -3.70660, address: "Pasadizo de San Ginés 5, 28013 Madrid", category: "food",
      },
      {
        slug: "sobrino-de-botin", name: "Sobrino de Botín",
        summary: "Said to be the world's oldest restaurant, and the roast suckling pig still earns its fame.",
        description: "Book a table in the vaulted cellar and order the cochinillo or roast lamb from the wood oven. Hemingway and Galdós both wrote about it. Lunch is easier to book than dinner.",
        lat: 40.41410, lng: -3.70800, address: "Calle de Cuchilleros 17, 28005 Madrid", category: "food",
      },
      {
        slug: "casa-lucio", name: "Casa Lucio",
        summary: "Huevos estrellados, fried eggs on crisp potatoes, in La Latina's most famous tavern.",
        description: "The broken eggs over fries are the signature dish; get them with ham. Service is old-school and efficient. Afterwards, walk the length of Cava Baja for a tapas crawl.",
        lat: 40.41200, lng: -3.70880, address: "Calle de la Cava Baja 35, 28005 Madrid", category: "food",
      },
      {
        slug: "el-rastro", name: "El Rastro",
        summary: "Madrid's huge Sunday flea market, where browsing matters more than buying.",
        description: "Stalls run down Ribera de Curtidores from morning until early afternoon on Sundays and public holidays. Keep an eye on your pockets. Finish with vermouth and tapas in the bars of La Latina.",
        lat: 40.40880, lng: -3.70730, address: "Calle de la Ribera de Curtidores, 28005 Madrid", category: "markets",
      },
      {
        slug: "mercado-de-san-fernando", name: "Mercado de San Fernando",
        summary: "Lavapiés' neighbourhood market, with a real mix of fishmongers and cheap bars.",
        description: "Weekend lunchtime is the liveliest, when locals drink beer at the stalls. There's a second-hand bookstall selling books by weight. It's a good counterpoint to the polished San Miguel.",
        lat: 40.40760, lng: -3.70280, address: "Calle de Embajadores 41, 28012 Madrid", category: "markets",
      },
      {
        slug: "casa-labra", name: "Casa Labra",
        summary: "A standing bar near Sol famous for salt-cod fritters, where the Socialist party was founded.",
        description: "Order a tajada de bacalao (battered cod) and a croquette at the takeaway window and eat at the counter. It's cheap and very traditional. Expect a queue at lunch.",
        lat: 40.41760, lng: -3.70440, address: "Calle de Tetuán 12, 28013 Madrid", category: "food",
      },
      {
        slug: "la-venencia", name: "La Venencia",
        summary: "Sherry only, no photos, no tipping, and your tab chalked on the wooden bar.",
        description: "Start with a dry fino or manzanilla and move to amontillado. Pair it with olives, cheese and mojama. It's dusty and dark in the best way; respect the house rules.",
        lat: 40.41560, lng: -3.69920, address: "Calle de Echegaray 7, 28014 Madrid", category: "bars", visibility: "premium",
      },
      {
        slug: "museo-chicote", name: "Museo Chicote",
        summary: "A 1930s art deco cocktail bar on Gran Vía where Hemingway and Ava Gardner drank.",
        description: "Order a classic cocktail early in the evening when it still feels like the golden age. Later it turns into a DJ bar. The old booths are the best seats.",
        lat: 40.41980, lng: -3.69990, address: "Gran Vía 12, 28013 Madrid", category: "bars",
      },
      {
        slug: "circulo-de-bellas-artes", name: "Azotea del Círculo de Bellas Artes",
        summary: "The rooftop with the best view of Gran Vía's domes and the Metrópolis building.",
        description: "Entry has a small fee and is worth it at sunset. Have a drink on the terrace and look down towards Cibeles. The café on the ground floor is a lovely old-world spot.",
        lat: 40.41850, lng: -3.69690, address: "Calle de Alcalá 42, 28014 Madrid", category: "sights", visibility: "premium",
      },
      {
        slug: "palacio-de-cristal", name: "Palacio de Cristal",
        summary: "An 1887 glass palace beside a pond in the Retiro, hosting free art installations.",
        description: "The Reina Sofía uses it for site-specific exhibitions, free to enter. The reflections on the pond in the morning are perfect for photos. Visit the turtles and swans while you're there.",
        lat: 40.41360, lng: -3.68200, address: "Parque del Retiro, 28009 Madrid", category: "architecture",
      },
      {
        slug: "matadero-madrid", name: "Matadero Madrid",
        summary: "A former slaughterhouse complex reborn as the city's most exciting arts centre.",
        description: "Check the programme at the Cineteca and the Naves del Español theatre. On weekends there are markets and events in the plaza. Combine it with a stroll along Madrid Río, right next door.",
        lat: 40.39190, lng: -3.69760, address: "Plaza de Legazpi 8, 28045 Madrid", category: "culture",
      },
      {
        slug: "palacio-de-cibeles", name: "Palacio de Cibeles",
        summary: "The wedding-cake city hall on Cibeles has a free lookout at the top.",
        description: "The former post office building now houses the city hall and the CentroCentro cultural space. Book the Mirador viewing platform for a cheap view down Alcalá. The fountain outside is where Real Madrid fans celebrate.",
        lat: 40.41890, lng: -3.69210, address: "Plaza de Cibeles 1, 28014 Madrid", category: "architecture",
      },
      {
        slug: "edificio-metropolis", name: "Edificio Metrópolis",
        summary: "The gold-winged dome at the start of Gran Vía is Madrid's signature postcard.",
        description: "It's a private building, so admire it from the street. The best angle is from Calle de Alcalá looking west, or from the Círculo's rooftop. At dusk the facade glows.",
        lat: 40.41870, lng: -3.69800, address: "Calle de Alcalá 39, 28014 Madrid", category: "architecture",
      },
      {
        slug: "real-jardin-botanico", name: "Real Jardín Botánico",
        summary: "An 18th-century botanical garden next to the Prado, calm even in August.",
        description: "Walk the terraces of medicinal plants and the greenhouses. Spring and autumn are beautiful. A perfect breather between museum visits.",
        lat: 40.41120, lng: -3.69110, address: "Plaza de Murillo 2, 28014 Madrid", category: "nature",
      },
      {
        slug: "madrid-rio", name: "Madrid Río",
        summary: "A riverside park built over a buried motorway, great for a walk or a bike ride.",
        description: "Start at the Puente de Segovia and walk south past playgrounds and fountains towards Matadero. The modern footbridges are worth a look. Good for a sunset run.",
        lat: 40.41450, lng: -3.72040, address: "Puente de Segovia, 28005 Madrid", category: "nature",
      },
      {
        slug: "museo-sorolla", name: "Museo Sorolla",
        summary: "The painter's own house and Andalusian-style garden, flooded with Mediterranean light.",
        description: "Sorolla's studio is preserved as he left it, with his brushes and canvases. The garden is a peaceful spot to sit. It's small and can fill up, so arrive at opening.",
        lat: 40.43530, lng: -3.69260, address: "Paseo del General Martínez Campos 37, 28010 Madrid", category: "culture", visibility: "supporters",
      },
      {
        slug: "taberna-la-dolores", name: "Taberna La Dolores",
        summary: "Tiled facade, cold beer and canapés in a classic bar since 1908.",
        description: "Order a caña and a canapé of anchovies or smoked salmon at the bar. It gets packed on weekends, so go on a weekday afternoon. It's ideal after a Prado visit.",
        lat: 40.41410, lng: -3.69560, address: "Plaza de Jesús 4, 28014 Madrid", category: "bars",
      },
      {
        slug: "cafe-comercial", name: "Café Comercial",
        summary: "A grand literary café from 1887 on Glorieta de Bilbao, back after a restoration.",
        description: "Have breakfast with a view of the roundabout through the big windows. The marble tables and mirrors are original. It's a good start before exploring Malasaña.",
        lat: 40.42870, lng: -3.70210, address: "Glorieta de Bilbao 7, 28004 Madrid", category: "coffee",
      },
      {
        slug: "toma-cafe", name: "Toma Café",
        summary: "One of Madrid's first specialty coffee bars, in the heart of Malasaña.",
        description: "Order a flat white or a filter coffee and a slice of banana bread. It's small and busy with laptop workers on weekdays. They roast their own beans.",
        lat: 40.42590, lng: -3.70740, address: "Calle de la Palma 49, 28004 Madrid", category: "coffee",
      },
      {
        slug: "federal-cafe", name: "Federal Café",
        summary: "Bright brunch spot on a quiet square near Conde Duque.",
        description: "Great for eggs and coffee with a view of the church of the Comendadoras. Arrive early on weekends. The square is pleasant for a walk afterwards.",
        lat: 40.42720, lng: -3.71030, address: "Plaza de las Comendadoras 9, 28015 Madrid", category: "coffee",
      },
      {
        slug: "casa-alberto", name: "Casa Alberto",
        summary: "A tavern in Huertas since 1827, with house vermouth on tap and excellent oxtail.",
        description: "Order vermouth from the tap at the bar, then sit in the back for rabo de toro or meatballs. The zinc bar and wooden fittings are beautiful. A plaque outside links the house to Cervantes.",
        lat: 40.41440, lng: -3.70000, address: "Calle de las Huertas 18, 28012 Madrid", category: "food", visibility: "premium",
      },
      {
        slug: "casa-de-diego", name: "Casa de Diego",
        summary: "Hand-painted fans, umbrellas and walking sticks sold on Puerta del Sol since 1858.",
        description: "It's a beautiful old shop with wooden drawers and glass cabinets. The fans make perfect souvenirs. The staff know their craft and will advise.",
        lat: 40.41700, lng: -3.70380, address: "Puerta del Sol 12, 28013 Madrid", category: "shopping",
      },
      {
        slug: "taberna-almendro-13", name: "Taberna Almendro 13",
        summary: "Manzanilla and roscas stuffed with ham in a tiled La Latina tavern.",
        description: "Order at the bar and wait for your name to be called. Their huevos rotos and roscas are great for sharing. Busy on Sunday after the Rastro.",
        lat: 40.41170, lng: -3.71010, address: "Calle del Almendro 13, 28005 Madrid", category: "bars",
      },
      {
        slug: "san-francisco-el-grande", name: "Real Basílica de San Francisco el Grande",
        summary: "A huge dome and an early Goya, often overlooked at the edge of La Latina.",
        description: "The dome is among the largest in Christendom. Inside, look for the Goya painting in one of the chapels. Guided tours are cheap and informative.",
        lat: 40.41020, lng: -3.71440, address: "Calle de San Buenaventura 1, 28005 Madrid", category: "architecture",
      },
      {
        slug: "museo-cerralbo", name: "Museo Cerralbo",
        summary: "A marquis's 19th-century mansion preserved with every painting, clock and chandelier in place.",
        description: "The ballroom is spectacular and the collection eclectic. It's rarely crowded. Combine it with the Templo de Debod nearby.",
        lat: 40.42380, lng: -3.71440, address: "Calle de Ventura Rodríguez 17, 28008 Madrid", category: "culture",
      },
    ],
  },
  {
    slug: "lisbon-seven-hills",
    title: "Lisbon, Seven Hills and a Tram Ticket",
    summary: "Belém to Alfama via Chiado: viewpoints, tascas, tiles and the pastries worth queuing for.",
    creator: "joao",
    city: { name: "Lisbon", countryCode: "PT" },
    spots: [
      {
        slug: "torre-de-belem", name: "Torre de Belém",
        summary: "The little Manueline fortress on the Tagus is lovelier from the outside than in.",
        description: "Walk around it at low tide and admire the carved rhinoceros and rope motifs. The interior is cramped with long queues, so I'd skip going up in summer. Come at sunset when the stone turns gold.",
        lat: 38.69160, lng: -9.21600, address: "Avenida Brasília, 1400-038 Lisboa", category: "sights",
      },
      {
        slug: "mosteiro-dos-jeronimos", name: "Mosteiro dos Jerónimos",
        summary: "The cloister is the finest piece of Manueline stonework anywhere, full stop.",
        description: "The church is free and holds Vasco da Gama's tomb; the cloister needs a ticket and is worth it. Go first thing or late afternoon to avoid tour groups. Buy a combined ticket if you plan to visit the tower too.",
        lat: 38.69790, lng: -9.20640, address: "Praça do Império, 1400-206 Lisboa", category: "architecture",
      },
      {
        slug: "pasteis-de-belem", name: "Pastéis de Belém",
        summary: "The original custard tarts, baked here since 1837 from a secret recipe.",
        description: "Ignore the takeaway queue and walk inside to the huge tiled dining rooms, where tables turn over fast. Dust your tart with cinnamon and icing sugar. Order at least two each.",
        lat: 38.69750, lng: -9.20330, address: "Rua de Belém 84-92, 1300-085 Lisboa", category: "food",
      },
      {
        slug: "padrao-dos-descobrimentos", name: "Padrão dos Descobrimentos",
        summary: "A giant caravel-shaped monument with a view straight down onto a marble world map.",
        description: "Take the lift to the top for the best view of the compass rose in the pavement and of Belém. It's a monument to a complicated history, so read the exhibitions inside. Combine with a river walk to MAAT.",
        lat: 38.69360, lng: -9.20570, address: "Avenida Brasília, 1400-038 Lisboa", category: "sights",
      },
      {
        slug: "maat", name: "MAAT - Museum of Art, Architecture and Technology",
        summary: "Walk over the wave-shaped roof for free and watch the sun drop over the bridge.",
        description: "Amanda Levete's tiled building sits next to an old red-brick power station that's part of the museum. The rooftop is public, and the view of the 25 de Abril bridge is fantastic. Exhibitions are contemporary and change often.",
        lat: 38.69580, lng: -9.19360, address: "Avenida Brasília, 1300-598 Lisboa", category: "culture",
      },
      {
        slug: "lx-factory", name: "LX Factory",
        summary: "An old textile complex under the bridge, now full of shops, cafés and street art.",
        description: "Don't miss Ler Devagar, a bookshop in a former printing hall with a flying bicycle above the shelves. Sunday brings a market. It's lively in the evenings with bars and restaurants.",
        lat: 38.70330, lng: -9.17840, address: "Rua Rodrigues de Faria 103, 1300-501 Lisboa", category: "shopping",
      },
      {
        slug: "time-out-market", name: "Time Out Market Lisboa",
        summary: "A food hall that gathers the city's chefs in one place, good for first-timers.",
        description: "Go at off-peak times to get a seat. Try the croquettes, a prego and a pastel de nata from the top names. The fresh produce market still operates in the other half of the Mercado da Ribeira in the mornings.",
        lat: 38.70690, lng: -9.14600, address: "Avenida 24 de Julho 49, 1200-479 Lisboa", category: "markets",
      },
      {
        slug: "praca-do-comercio", name: "Praça do Comércio",
        summary: "The vast riverside square where Lisbon was rebuilt after the 1755 earthquake.",
        description: "Walk through the triumphal arch on Rua Augusta; you can go up it for a view. The Cais das Colunas steps into the river are a great sunset spot. The café Martinho da Arcada under the arcades was Pessoa's haunt.",
        lat: 38.70750, lng: -9.13650, address: "Praça do Comércio, 1100-148 Lisboa", category: "sights",
      },
      {
        slug: "elevador-de-santa-justa", name: "Elevador de Santa Justa",
        summary: "An iron neo-Gothic lift connecting the Baixa to Carmo since 1902.",
        description: "The queue for the lift is long; instead walk up via Carmo and access the viewing platform from the top, which is cheaper. The view over the Baixa and castle is great. Best at dusk.",
        lat: 38.71210, lng: -9.13940, address: "Rua do Ouro, 1150-060 Lisboa", category: "architecture",
      },
      {
        slug: "castelo-de-sao-jorge", name: "Castelo de São Jorge",
        summary: "Moorish walls, peacocks and the widest view over Lisbon's rooftops.",
        description: "Walk the ramparts and visit the archaeological site with Moorish houses. It's best in the late afternoon. The camera obscura in one of the towers gives a live panorama.",
        lat: 38.71390, lng: -9.13350, address: "Rua de Santa Cruz do Castelo, 1100-129 Lisboa", category: "sights",
      },
      {
        slug: "miradouro-da-senhora-do-monte", name: "Miradouro da Senhora do Monte",
        summary: "The highest viewpoint in the city, and my favourite spot for sunset with a beer.",
        description: "From here you see the castle, the Baixa and the river in one sweep. Take tram 28 to Graça and walk up. There's a small kiosk, but bring your own snacks.",
        lat: 38.71910, lng: -9.13250, address: "Largo Monte, 1170-253 Lisboa", category: "nature", visibility: "premium",
      },
      {
        slug: "miradouro-de-santa-luzia", name: "Miradouro de Santa Luzia",
        summary: "Bougainvillea, azulejo panels and the roofs of Alfama tumbling to the river.",
        description: "It's on the tram 28 route, so it's busy, but go early morning for peace. The tile panels show Lisbon before the earthquake. The Portas do Sol viewpoint is just next door.",
        lat: 38.71180, lng: -9.13040, address: "Largo Santa Luzia, 1100-487 Lisboa", category: "nature",
      },
      {
        slug: "miradouro-de-sao-pedro-de-alcantara", name: "Miradouro de São Pedro de Alcântara",
        summary: "A two-level garden terrace facing the castle across the Baixa.",
        description: "Take the Glória funicular up from Restauradores. There's a kiosk for drinks and often a market on weekends. It's the perfect first stop in Bairro Alto.",
        lat: 38.71520, lng: -9.14420, address: "Rua de São Pedro de Alcântara, 1200-470 Lisboa", category: "nature",
      },
      {
        slug: "museu-nacional-do-azulejo", name: "Museu Nacional do Azulejo",
        summary: "Five centuries of Portuguese tiles in a convent with a gilded baroque chapel.",
        description: "The highlight is a 23-metre tile panorama of Lisbon before the 1755 earthquake. The church of Madre de Deus is breathtaking. The café in the cloister has tiled walls with painted game and fish.",
        lat: 38.72470, lng: -9.11370, address: "Rua da Madre de Deus 4, 1900-312 Lisboa", category: "culture",
      },
      {
        slug: "museu-calouste-gulbenkian", name: "Museu Calouste Gulbenkian",
        summary: "An oil magnate's extraordinary collection, in a modernist building set in a beautiful garden.",
        description: "From Egyptian pieces to Lalique jewellery, every room is excellent. The garden is a peaceful place to read. The Modern Collection reopened after a renovation by Kengo Kuma.",
        lat: 38.73760, lng: -9.15410, address: "Avenida de Berna 45A, 1067-001 Lisboa", category: "culture",
      },
      {
        slug: "feira-da-ladra", name: "Feira da Ladra",
        summary: "Lisbon's flea market, where old tiles, records and junk spill over Campo de Santa Clara.",
        description: "It runs on Tuesday and Saturday mornings. Bargain politely and watch for reproduction tiles. Combine it with the National Pantheon next door.",
        lat: 38.71500, lng: -9.12510, address: "Campo de Santa Clara, 1100-472 Lisboa", category: "markets",
      },
      {
        slug: "panteao-nacional", name: "Panteão Nacional",
        summary: "A white baroque dome that took centuries to finish, with a rooftop terrace.",
        description: "Amália Rodrigues, the fado queen, is buried here. The terrace has fantastic views over the river and Alfama. It's rarely crowded.",
        lat: 38.71480, lng: -9.12470, address: "Campo de Santa Clara, 1100-471 Lisboa", category: "architecture",
      },
      {
        slug: "a-ginjinha", name: "A Ginjinha",
        summary: "A tiny standing bar pouring sour cherry liqueur since 1840.",
        description: "Order a shot of ginja with or without the cherries. Drink it on the square with the locals. It's cheap and quick.",
        lat: 38.71410, lng: -9.13810, address: "Largo de São Domingos 8, 1100-201 Lisboa", category: "bars",
      },
      {
        slug: "a-brasileira", name: "A Brasileira",
        summary: "Art nouveau café from 1905, with Pessoa's bronze statue at a table outside.",
        description: "Skip the terrace and stand at the bar inside for a bica, the Lisbon espresso. The mirrored interior is beautiful. It's a good stop during a Chiado walk.",
        lat: 38.71070, lng: -9.14250, address: "Rua Garrett 120, 1200-273 Lisboa", category: "coffee",
      },
      {
        slug: "cervejaria-ramiro", name: "Cervejaria Ramiro",
        summary: "Shrimp, clams and crab by the kilo, then a steak sandwich for dessert.",
        description: "Order garlic prawns, clams Bulhão Pato and a dressed crab. Finish with a prego, the Portuguese steak sandwich, as the locals do. Queues are long; go early or take a number.",
        lat: 38.72060, lng: -9.13540, address: "Avenida Almirante Reis 1, 1150-007 Lisboa", category: "food",
      },
      {
        slug: "taberna-da-rua-das-flores", name: "Taberna da Rua das Flores",
        summary: "A tiny tavern with a chalkboard menu of modern takes on Portuguese petiscos.",
        description: "They don't take reservations for dinner, so put your name down and have a drink nearby. The menu changes daily. Ask for the fish of the day.",
        lat: 38.70960, lng: -9.14390, address: "Rua das Flores 103, 1200-194 Lisboa", category: "food", visibility: "premium",
      },
      {
        slug: "manteigaria", name: "Manteigaria",
        summary: "My pick for the best pastel de nata in the centre, always warm from the oven.",
        description: "They bake all day, and a bell rings when a fresh batch comes out. Eat at the counter with a bica. The flaky pastry is outstanding.",
        lat: 38.71080, lng: -9.14380, address: "Rua do Loreto 2, 1200-242 Lisboa", category: "food",
      },
      {
        slug: "se-de-lisboa", name: "Sé de Lisboa",
        summary: "Lisbon's fortress-like cathedral, older than the country's borders.",
        description: "It dates from the 12th century. The cloister excavations reveal Roman and Moorish layers. Tram 28 passes right in front for the classic photo.",
        lat: 38.70980, lng: -9.13270, address: "Largo da Sé, 1100-585 Lisboa", category: "architecture",
      },
      {
        slug: "fabrica-coffee-roasters", name: "Fábrica Coffee Roasters",
        summary: "A specialty roaster that proved Lisbon could do more than bica.",
        description: "Order a filter or a flat white and a pastry. The space is cosy with a roaster visible. Good for a pause near Rossio.",
        lat: 38.71790, lng: -9.14050, address: "Rua das Portas de Santo Antão 136, 1150-269 Lisboa", category: "coffee",
      },
      {
        slug: "o-trevo", name: "O Trevo",
        summary: "A no-frills snack bar on Largo de Camões serving a classic bifana.",
        description: "Order a bifana, a marinated pork sandwich, with mustard and a cold beer. It's quick, cheap and honest. Perfect before walking into Bairro Alto.",
        lat: 38.71040, lng: -9.14330, address: "Praça Luís de Camões 48, 1200-243 Lisboa", category: "food",
      },
      {
        slug: "pensao-amor", name: "Pensão Amor",
        summary: "A former sailors' boarding house turned plush, eccentric bar off Pink Street.",
        description: "Red velvet, erotic art and a bookshop inside. Order a cocktail and explore the rooms. It's lively late in the evening.",
        lat: 38.70720, lng: -9.14370, address: "Rua do Alecrim 19, 1200-014 Lisboa", category: "bars",
      },
      {
        slug: "park-bar", name: "Park",
        summary: "A rooftop bar hidden on top of a multistorey car park in Bica.",
        description: "Take the lift to the top of the car park and follow the music. The view over the river and the bridge is fantastic at sunset. It gets busy on weekends.",
        lat: 38.71130, lng: -9.14700, address: "Calçada do Combro 58, 1200-123 Lisboa", category: "bars", visibility: "supporters",
      },
      {
        slug: "livraria-bertrand", name: "Livraria Bertrand",
        summary: "The world's oldest operating bookshop, open in Chiado since 1732.",
        description: "Ask for a stamp in your book certifying the purchase there. There's a good English section. It's a gentle stop in the busy Chiado.",
        lat: 38.71060, lng: -9.14180, address: "Rua Garrett 73-75, 1200-203 Lisboa", category: "shopping",
      },
      {
        slug: "a-vida-portuguesa", name: "A Vida Portuguesa",
        summary: "Heritage Portuguese brands in one beautiful shop: soaps, ceramics, sardine tins.",
        description: "It's the best place for gifts. Look for the Claus Porto soaps and Bordallo Pinheiro ceramics. There's another branch in Intendente.",
        lat: 38.71000, lng: -9.14130, address: "Rua Anchieta 11, 1200-023 Lisboa", category: "shopping",
      },
      {
        slug: "conserveira-de-lisboa", name: "Conserveira de Lisboa",
        summary: "A 1930s tinned fish shop where every sale is wrapped in paper by hand.",
        description: "Buy sardines, tuna or mackerel in their retro packaging. It's a great gift and a real tradition. The staff can explain the different brands.",
        lat: 38.70910, lng: -9.13410, address: "Rua dos Bacalhoeiros 34, 1100-071 Lisboa", category: "shopping",
      },
      {
        slug: "jardim-da-estrela", name: "Jardim da Estrela",
        summary: "A romantic 19th-century garden with a bandstand, ducks and a kiosk café.",
        description: "Sit in the shade and watch families and dog walkers. The basilica across the street is worth a look. Tram 28 stops right outside.",
        lat: 38.71400, lng: -9.15960, address: "Praça da Estrela, 1200-667 Lisboa", category: "nature",
      },
      {
        slug: "oceanario-de-lisboa", name: "Oceanário de Lisboa",
        summary: "One of Europe's best aquariums, built for Expo 98 on the eastern waterfront.",
        description: "The central tank with sharks, rays and a sunfish is mesmerising. Arrive at opening time to avoid school groups. Combine with a walk along the Parque das Nações promenade.",
        lat: 38.76350, lng: -9.09380, address: "Esplanada Dom Carlos I, 1990-005 Lisboa", category: "culture", visibility: "premium",
      },
      {
        slug: "convento-do-carmo", name: "Convento do Carmo",
        summary: "A Gothic church left roofless by the 1755 earthquake, open to the sky.",
        description: "The nave is a haunting space, with an archaeological museum at the end. The square outside with its jacaranda trees is a great spot for coffee. In May, the jacarandas bloom purple.",
        lat: 38.71210, lng: -9.14060, address: "Largo do Carmo, 1200-092 Lisboa", category: "sights",
      },
    ],
  },
  {
    slug: "porto-riverside-notes",
    title: "Porto Riverside Notes (work in progress)",
    summary: "My draft of Porto: tiled churches, francesinhas, port lodges in Gaia and the Atlantic at Foz.",
    creator: "joao",
    city: { name: "Porto", countryCode: "PT" },
    published: false,
    spots: [
      {
        slug: "livraria-lello", name: "Livraria Lello",
        summary: "The neo-Gothic bookshop with the red staircase, worth the ticket if you go early.",
        description: "Entry requires a voucher that's deductible from a book purchase. Book the first slot of the morning for photos without crowds. Look up at the stained-glass ceiling.",
        lat: 41.14690, lng: -8.61480, address: "Rua das Carmelitas 144, 4050-161 Porto", category: "shopping",
      },
      {
        slug: "ponte-luis-i", name: "Ponte Luís I",
        summary: "Walk the top deck of this iron bridge for the best view of the Ribeira.",
        description: "The upper deck is shared by pedestrians and the metro; the lower one by cars and walkers. Cross at sunset from Porto to Gaia. Don't forget to look down at the rabelo boats.",
        lat: 41.13990, lng: -8.60940, address: "Ponte Luís I, 4000-085 Porto", category: "architecture",
      },
      {
        slug: "estacao-de-sao-bento", name: "Estação de São Bento",
        summary: "A working train station whose hall is wrapped in twenty thousand blue-and-white tiles.",
        description: "The azulejo panels by Jorge Colaço tell the history of Portugal. It's free to enter. Catch a train to the Douro valley from here.",
        lat: 41.14560, lng: -8.61040, address: "Praça de Almeida Garrett, 4000-069 Porto", category: "architecture",
      },
      {
        slug: "torre-dos-clerigos", name: "Torre dos Clérigos",
        summary: "Climb the baroque bell tower for a 360-degree view of the city.",
        description: "It's about 240 steps to the top. Evening visits are quieter. The church below is worth a look too.",
        lat: 41.14580, lng: -8.61390, address: "Rua de São Filipe de Nery, 4050-546 Porto", category: "sights",
      },
      {
        slug: "se-do-porto", name: "Sé do Porto",
        summary: "The cathedral's terrace gives sweeping views over the old town's rooftops.",
        description: "Visit the tiled Gothic cloister. The square outside is perfect for photos. Walk down the steps into the medieval Barredo quarter afterwards.",
        lat: 41.14280, lng: -8.61130, address: "Terreiro da Sé, 4050-573 Porto", category: "architecture",
      },
      {
        slug: "cais-da-ribeira", name: "Cais da Ribeira",
        summary: "Colourful houses stacked above the Douro, best seen from the water.",
        description: "Take a six-bridges boat cruise or just walk the quay. Avoid eating on the front row; go one street back. In the evening the lights reflect in the river.",
        lat: 41.14060, lng: -8.61290, address: "Cais da Ribeira, 4050-510 Porto", category: "sights",
      },
      {
        slug: "palacio-da-bolsa", name: "Palácio da Bolsa",
        summary: "The old stock exchange hides a dazzling Moorish-revival Arab Room.",
        description: "Visits are by guided tour only, so check times. The Arab Room is the highlight. The tour is short and informative.",
        lat: 41.14130, lng: -8.61560, address: "Rua de Ferreira Borges, 4050-253 Porto", category: "architecture",
      },
      {
        slug: "igreja-de-sao-francisco", name: "Igreja de São Francisco",
        summary: "A Gothic church drowning in gilded baroque woodwork, with catacombs below.",
        description: "The Tree of Jesse altarpiece is extraordinary. Photography is restricted inside. The catacombs are eerie but fascinating.",
        lat: 41.14090, lng: -8.61600, address: "Rua do Infante Dom Henrique, 4050-297 Porto", category: "architecture",
      },
      {
        slug: "mercado-do-bolhao", name: "Mercado do Bolhão",
        summary: "Porto's historic market, reopened after a long restoration, full of local produce.",
        description: "Go in the morning when the stalls are busiest. Try the fresh fruit, cheese and cured meats. There are small restaurants on the upper level.",
        lat: 41.14920, lng: -8.60720, address: "Rua Formosa 322, 4000-214 Porto", category: "markets",
      },
      {
        slug: "cafe-majestic", name: "Majestic Café",
        summary: "A belle époque café from 1921 with carved wood, mirrors and cherubs.",
        description: "It's expensive, so come for a coffee and a rabanada rather than a meal. The interior is the attraction. It gets a queue in high season.",
        lat: 41.14710, lng: -8.60650, address: "Rua de Santa Catarina 112, 4000-442 Porto", category: "coffee",
      },
      {
        slug: "capela-das-almas", name: "Capela das Almas",
        summary: "A small chapel entirely clad in blue-and-white tiles on Rua de Santa Catarina.",
        description: "The facade tiles depict the lives of saints. It's a great photo stop while shopping on Santa Catarina. Come in the morning light.",
        lat: 41.14930, lng: -8.60590, address: "Rua de Santa Catarina 428, 4000-124 Porto", category: "architecture", visibility: "premium",
      },
      {
        slug: "jardim-do-morro", name: "Jardim do Morro",
        summary: "A sloping garden in Gaia where everyone gathers to watch the sun set over Porto.",
        description: "Bring a drink and sit on the grass facing the Ribeira. Buskers play most evenings. It gets crowded at sunset.",
        lat: 41.13740, lng: -8.60940, address: "Avenida da República, 4430-999 Vila Nova de Gaia", category: "nature",
      },
      {
        slug: "mosteiro-da-serra-do-pilar", name: "Mosteiro da Serra do Pilar",
        summary: "A round monastery church above the bridge with a UNESCO-listed view.",
        description: "The terrace offers the best view of the Luís I bridge and the old town. You can climb the dome for a fee. Visit on your way to the Gaia lodges.",
        lat: 41.13770, lng: -8.60790, address: "Largo de Avis, 4430-329 Vila Nova de Gaia", category: "sights",
      },
      {
        slug: "sandeman-cellars", name: "Sandeman Cellars",
        summary: "A classic port lodge tour on the Gaia riverfront, guided by the caped Don.",
        description: "The tour includes tasting of a few ports. Book ahead in summer. The riverside terrace is a great place for a glass afterwards.",
        lat: 41.13750, lng: -8.61330, address: "Largo Miguel Bombarda 47, 4400-222 Vila Nova de Gaia", category: "bars",
      },
      {
        slug: "fundacao-de-serralves", name: "Fundação de Serralves",
        summary: "Contemporary art by Álvaro Siza, an art deco villa and a huge park.",
        description: "Spend half a day: the museum, the pink Casa de Serralves and the treetop walk. The park is wonderful in spring. There's a restaurant on site.",
        lat: 41.15960, lng: -8.65980, address: "Rua Dom João de Castro 210, 4150-417 Porto", category: "culture",
      },
      {
        slug: "casa-da-musica", name: "Casa da Música",
        summary: "Rem Koolhaas's faceted concert hall is as striking inside as out.",
        description: "Guided tours show the main auditorium with its corrugated glass walls. Catch a concert if you can. The roof terrace restaurant has good views.",
        lat: 41.15880, lng: -8.63070, address: "Avenida da Boavista 604-610, 4149-071 Porto", category: "architecture",
      },
      {
        slug: "jardins-do-palacio-de-cristal", name: "Jardins do Palácio de Cristal",
        summary: "Romantic gardens with peacocks and the best river view in the city centre.",
        description: "Walk down to the terraces overlooking the Douro. The peacocks roam freely. It's a peaceful escape from the crowds.",
        lat: 41.14820, lng: -8.62540, address: "Rua de Dom Manuel II, 4050-346 Porto", category: "nature",
      },
      {
        slug: "cafe-santiago", name: "Café Santiago",
        summary: "Where I'd send anyone for a first francesinha, Porto's gloriously excessive sandwich.",
        description: "Layers of meat, melted cheese and a spicy beer sauce, with fries. Share one if you're not starving. Expect a queue at lunch.",
        lat: 41.14700, lng: -8.60420, address: "Rua de Passos Manuel 226, 4000-382 Porto", category: "food",
      },
      {
        slug: "conga", name: "Conga - Casa das Bifanas",
        summary: "Spicy, saucy pork bifanas in a busy, no-nonsense bar.",
        description: "Order two bifanas and a beer. The sauce is spicy and addictive. It's cheap and quick.",
        lat: 41.14930, lng: -8.60880, address: "Rua do Bonjardim 314, 4000-115 Porto", category: "food",
      },
      {
        slug: "casa-guedes", name: "Casa Guedes",
        summary: "The roast pork sandwich with sheep's cheese that Porto queues for.",
        description: "Order the pernil com queijo da serra. Eat on the terrace facing the square. It's open late.",
        lat: 41.14640, lng: -8.60350, address: "Praça dos Poveiros 130, 4000-393 Porto", category: "food",
      },
      {
        slug: "museu-nacional-soares-dos-reis", name: "Museu Nacional Soares dos Reis",
        summary: "Portugal's first public art museum, in a palace near the Crystal Palace gardens.",
        description: "See the sculptures of Soares dos Reis and the Portuguese painting rooms. It's quiet and affordable. Combine with the gardens nearby.",
        lat: 41.14790, lng: -8.62100, address: "Rua de Dom Manuel II 44, 4050-342 Porto", category: "culture",
      },
      {
        slug: "farol-de-felgueiras", name: "Farol de Felgueiras",
        summary: "A little lighthouse at the end of a jetty where the Atlantic waves crash.",
        description: "Take tram 1 to Foz and walk out along the jetty. On stormy days the waves are spectacular. Stay for sunset.",
        lat: 41.14900, lng: -8.67630, address: "Molhe de Felgueiras, 4150-541 Porto", category: "nature",
      },
      {
        slug: "jardim-do-passeio-alegre", name: "Jardim do Passeio Alegre",
        summary: "A palm-lined riverside garden at Foz with old-fashioned kiosks.",
        description: "Walk along the promenade with the locals. The art nouveau urinals are a curiosity. Good starting point for a walk to the beaches.",
        lat: 41.14780, lng: -8.67130, address: "Rua do Passeio Alegre, 4150-570 Porto", category: "nature",
      },
      {
        slug: "rua-de-miguel-bombarda", name: "Rua de Miguel Bombarda",
        summary: "Porto's gallery street, with design shops and coordinated opening nights.",
        description: "Check for the simultaneous gallery openings a few times a year. Browse the small shops in the CC Bombarda mall. It's a nice afternoon walk.",
        lat: 41.15060, lng: -8.62190, address: "Rua de Miguel Bombarda, 4050-377 Porto", category: "culture",
      },
      {
        slug: "igreja-do-carmo", name: "Igreja do Carmo",
        summary: "Its side wall is a huge azulejo panel, next to the narrowest house in Porto.",
        description: "The tiles on the side facade are among the most photographed in the city. Look for the tiny house between the Carmo and Carmelitas churches. Visit in the afternoon light.",
        lat: 41.14730, lng: -8.61630, address: "Rua do Carmo, 4050-164 Porto", category: "architecture",
      },
      {
        slug: "a-perola-do-bolhao", name: "A Pérola do Bolhão",
        summary: "An art nouveau grocer's facade from 1917, with dried fruit, cheese and port inside.",
        description: "Admire the tiled facade and buy some dried fruit or sausages. It's a delightful old shop. Near the Bolhão market.",
        lat: 41.14930, lng: -8.60800, address: "Rua Formosa 279, 4000-252 Porto", category: "shopping",
      },
      {
        slug: "taberna-dos-mercadores", name: "Taberna dos Mercadores",
        summary: "A tiny tavern near the Ribeira serving excellent grilled fish and rice dishes.",
        description: "It has just a handful of tables, so reserve. Order the seafood rice or the octopus. Friendly service.",
        lat: 41.14170, lng: -8.61330, address: "Rua dos Mercadores 36, 4050-374 Porto", category: "food", visibility: "supporters",
      },
      {
        slug: "cafe-guarany", name: "Café Guarany",
        summary: "An elegant café from 1933 on the Avenida dos Aliados, often with live music.",
        description: "Order a coffee and a cake. The decor with Amazonian murals is lovely. Evenings sometimes have piano music.",
        lat: 41.14730, lng: -8.61080, address: "Avenida dos Aliados 85-89, 4000-066 Porto", category: "coffee",
      },
      {
        slug: "camara-municipal-do-porto", name: "Câmara Municipal do Porto",
        summary: "The granite city hall with its clock tower crowns the Avenida dos Aliados.",
        description: "Walk the length of the avenue to admire the buildings. At Christmas there are lights. Good start for a city walk.",
        lat: 41.15020, lng: -8.61080, address: "Praça do General Humberto Delgado, 4049-001 Porto", category: "architecture",
      },
      {
        slug: "jardim-das-virtudes", name: "Jardim das Virtudes",
        summary: "A hidden terraced garden where the young crowd watches sunset over the Douro.",
        description: "Bring a drink and sit on the grass. It's steep, so wear good shoes. A local favourite.",
        lat: 41.14350, lng: -8.61950, address: "Passeio das Virtudes, 4050-630 Porto", category: "nature",
      },
      {
        slug: "miradouro-da-vitoria", name: "Miradouro da Vitória",
        summary: "A free viewpoint over the Ribeira rooftops and Gaia's port lodges.",
        description: "Reach it from the Rua de São Bento da Vitória. It's less crowded than other viewpoints. Great at dusk.",
        lat: 41.14370, lng: -8.61390, address: "Rua de São Bento da Vitória, 4050-543 Porto", category: "nature", visibility: "premium",
      },
      {
        slug: "igreja-de-santo-ildefonso", name: "Igreja de Santo Ildefonso",
        summary: "An 18th-century church covered in eleven thousand azulejos above Praça da Batalha.",
        description: "The tiled facade is best in the morning light. Inside, look for the stained glass. It's at the start of Rua de Santa Catarina.",
        lat: 41.14530, lng: -8.60650, address: "Praça da Batalha, 4000-101 Porto", category: "architecture",
      },
      {
        slug: "teatro-nacional-sao-joao", name: "Teatro Nacional São João",
        summary: "A neoclassical theatre on Batalha with a strong programme of Portuguese drama.",
        description: "Check the programme for shows with English surtitles. Guided tours are occasionally available. The facade is beautiful at night.",
        lat: 41.14520, lng: -8.60780, address: "Praça da Batalha, 4000-102 Porto", category: "culture",
      },
    ],
  },
  {
    slug: "paris-left-bank-right-bank",
    title: "Paris, Left Bank and Right Bank",
    summary: "A Parisian's Paris: museum mornings, market lunches, old bistros and the canal at apéro hour.",
    creator: "claire",
    city: { name: "Paris", countryCode: "FR" },
    spots: [
      {
        slug: "musee-du-louvre", name: "Musée du Louvre",
        summary: "Forget the Mona Lisa scrum and get lost in the quieter wings instead.",
        description: "Book a timed ticket and enter through the Carrousel entrance rather than the pyramid. The Napoleon III apartments and the Egyptian antiquities are my favourites. Friday evening openings are the calmest.",
        lat: 48.86100, lng: 2.33580, address: "Rue de Rivoli, 75001 Paris", category: "culture",
      },
      {
        slug: "musee-dorsay", name: "Musée d'Orsay",
        summary: "Impressionism in a Beaux-Arts railway station, with a clock window over the Seine.",
        description: "Start at the top floor with the Impressionists, then work your way down. The view through the giant clock towards Montmartre is the classic photo. Thursday late opening is quieter.",
        lat: 48.85990, lng: 2.32660, address: "1 Rue de la Légion d'Honneur, 75007 Paris", category: "culture",
      },
      {
        slug: "jardin-du-luxembourg", name: "Jardin du Luxembourg",
        summary: "Grab a green metal chair by the Medici Fountain and do nothing for an hour.",
        description: "Watch children sail toy boats on the Grand Bassin, and find the chess players and the beehives. The Medici Fountain is the most romantic corner. Open from early morning until dusk.",
        lat: 48.84620, lng: 2.33720, address: "Rue de Médicis, 75006 Paris", category: "nature",
      },
      {
        slug: "sainte-chapelle", name: "Sainte-Chapelle",
        summary: "Go on a sunny day: the upper chapel's stained glass is pure coloured light.",
        description: "Fifteen windows of 13th-century glass tell the Bible story in over a thousand scenes. Book a timed ticket to avoid the security queue of the Palais de Justice. Evening concerts here are magical.",
        lat: 48.85540, lng: 2.34500, address: "10 Boulevard du Palais, 75001 Paris", category: "architecture",
      },
      {
        slug: "notre-dame-de-paris", name: "Cathédrale Notre-Dame de Paris",
        summary: "Reopened after the fire, the restored limestone interior is astonishingly bright.",
        description: "Entry is free; reserve a time slot online to skip most of the queue. Walk around to the back garden for the best view of the flying buttresses. Come back at night to see the facade lit.",
        lat: 48.85300, lng: 2.34990, address: "6 Parvis Notre-Dame - Place Jean-Paul II, 75004 Paris", category: "architecture",
      },
      {
        slug: "shakespeare-and-company", name: "Shakespeare and Company",
        summary: "The English-language bookshop on the Seine that every writer dreams about.",
        description: "Climb to the reading room upstairs, where a typewriter and a cat wait. Get your book stamped at the till. The café next door is good for a coffee with a Notre-Dame view.",
        lat: 48.85260, lng: 2.34710, address: "37 Rue de la Bûcherie, 75005 Paris", category: "shopping",
      },
      {
        slug: "marche-des-enfants-rouges", name: "Marché des Enfants Rouges",
        summary: "Paris's oldest covered market, where lunch means Moroccan couscous or Japanese bentos.",
        description: "Founded in the early 1600s, it's now mostly lunch stalls. Arrive before noon to get a seat. Closed on Mondays.",
        lat: 48.86270, lng: 2.36180, address: "39 Rue de Bretagne, 75003 Paris", category: "markets",
      },
      {
        slug: "place-des-vosges", name: "Place des Vosges",
        summary: "The city's most perfect square: red brick, arcades and lime trees.",
        description: "Picnic on the lawn, browse the galleries under the arcades, and visit Victor Hugo's house at number 6 (free). Sunday afternoon often brings musicians under the arcades.",
        lat: 48.85560, lng: 2.36550, address: "Place des Vosges, 75004 Paris", category: "sights",
      },
      {
        slug: "musee-carnavalet", name: "Musée Carnavalet",
        summary: "The free museum of Paris history, from shop signs to Proust's bedroom.",
        description: "Don't miss the reconstructed rooms, including the Fouquet jewellery shop by Mucha. The permanent collection is free. The garden courtyard is lovely.",
        lat: 48.85760, lng: 2.36250, address: "23 Rue de Sévigné, 75003 Paris", category: "culture",
      },
      {
        slug: "musee-picasso-paris", name: "Musée national Picasso-Paris",
        summary: "Picasso's own collection in a 17th-century Marais mansion.",
        description: "The Hôtel Salé is a stunning setting for the artist's personal holdings. Exhibitions change regularly. The rooftop café is a nice break.",
        lat: 48.85990, lng: 2.36240, address: "5 Rue de Thorigny, 75003 Paris", category: "culture",
      },
      {
        slug: "las-du-fallafel", name: "L'As du Fallafel",
        summary: "The famous falafel pita of Rue des Rosiers is worth the quick-moving queue.",
        description: "Order the falafel special with aubergine and spicy sauce. Take-away is faster; walk to Place des Vosges to eat. Closed on Friday evening and Saturday for Shabbat.",
        lat: 48.85750, lng: 2.35890, address: "34 Rue des Rosiers, 75004 Paris", category: "food",
      },
      {
        slug: "bouillon-chartier", name: "Bouillon Chartier",
        summary: "A huge belle époque dining room serving classic French dishes at very low prices.",
        description: "Waiters write your order on the paper tablecloth. Try the snails, the leeks vinaigrette and the confit de canard. No reservations, but the line moves fast.",
        lat: 48.87190, lng: 2.34330, address: "7 Rue du Faubourg Montmartre, 75009 Paris", category: "food",
      },
      {
        slug: "le-comptoir-du-relais", name: "Le Comptoir du Relais",
        summary: "A tiny Saint-Germain bistro where the terrace lunch is my treat of choice.",
        description: "Lunch is walk-in brasserie food, so arrive before noon for a terrace table; dinner is more formal and books up well ahead. Try the pâté and the pork dishes.",
        lat: 48.85200, lng: 2.33880, address: "9 Carrefour de l'Odéon, 75006 Paris", category: "food", visibility: "premium",
      },
      {
        slug: "cafe-de-flore", name: "Café de Flore",
        summary: "Expensive, yes, but a hot chocolate on the terrace is a Paris rite.",
        description: "Sartre and de Beauvoir wrote here. Order the chocolat chaud, which comes thick and rich. The upstairs room is calmer.",
        lat: 48.85420, lng: 2.33260, address: "172 Boulevard Saint-Germain, 75006 Paris", category: "coffee",
      },
      {
        slug: "ten-belles", name: "Ten Belles",
        summary: "Great coffee and scones a few steps from the Canal Saint-Martin.",
        description: "Tiny inside, so take your coffee to the canal. They also bake excellent bread. A good start to a morning walk.",
        lat: 48.87170, lng: 2.36460, address: "10 Rue de la Grange aux Belles, 75010 Paris", category: "coffee",
      },
      {
        slug: "coutume-cafe", name: "Coutume Café",
        summary: "A pioneer of specialty coffee in Paris, in the quiet 7th arrondissement.",
        description: "The brunch is good and the coffee excellent. Seating is in a bright industrial space. Near the Rodin museum and the Bon Marché.",
        lat: 48.85140, lng: 2.31720, address: "47 Rue de Babylone, 75007 Paris", category: "coffee",
      },
      {
        slug: "berthillon", name: "Berthillon",
        summary: "The ice cream of the Île Saint-Louis; salted caramel is non-negotiable.",
        description: "The original shop is on Rue Saint-Louis en l'Île. Closed on Mondays and Tuesdays and for part of the summer. Cafés on the island also sell it.",
        lat: 48.85180, lng: 2.35650, address: "29-31 Rue Saint-Louis en l'Île, 75004 Paris", category: "food",
      },
      {
        slug: "canal-saint-martin", name: "Canal Saint-Martin",
        summary: "Iron footbridges, locks and plane trees; the best apéro spot in the east.",
        description: "On warm evenings, locals sit along the quays with wine. Watch the boats pass the locks. Sunday the quays are closed to cars.",
        lat: 48.87100, lng: 2.36540, address: "Quai de Valmy, 75010 Paris", category: "nature",
      },
      {
        slug: "parc-des-buttes-chaumont", name: "Parc des Buttes-Chaumont",
        summary: "A dramatic park with cliffs, a lake and a temple on top of a rock.",
        description: "Climb up to the Temple de la Sibylle for the views. Go on a weekday to avoid the crowds. Rosa Bonheur guinguette is a nice spot for a drink.",
        lat: 48.88090, lng: 2.38270, address: "1 Rue Botzaris, 75019 Paris", category: "nature",
      },
      {
        slug: "sacre-coeur", name: "Basilique du Sacré-Cœur",
        summary: "The white basilica on Montmartre with the whole city at its feet.",
        description: "Climb the dome for even wider views. Go early morning for a quiet visit. Walk down via Rue de l'Abreuvoir for charming streets.",
        lat: 48.88670, lng: 2.34310, address: "35 Rue du Chevalier de la Barre, 75018 Paris", category: "sights",
      },
      {
        slug: "musee-de-lorangerie", name: "Musée de l'Orangerie",
        summary: "Monet's Water Lilies in two oval rooms built for them.",
        description: "Sit on the benches and let the panels surround you. Arrive at opening to have the rooms almost to yourself. The basement has a good collection of Renoir and Cézanne.",
        lat: 48.86380, lng: 2.32270, address: "Jardin des Tuileries, 75001 Paris", category: "culture", visibility: "premium",
      },
      {
        slug: "jardin-des-tuileries", name: "Jardin des Tuileries",
        summary: "Formal gardens between the Louvre and Concorde, with chairs around the ponds.",
        description: "Stroll from the Louvre towards Concorde. Grab a chair by the Grand Bassin Octogonal. In summer there's a funfair.",
        lat: 48.86350, lng: 2.32750, address: "113 Rue de Rivoli, 75001 Paris", category: "nature",
      },
      {
        slug: "palais-garnier", name: "Palais Garnier",
        summary: "The opera house that inspired the Phantom, with a Chagall ceiling.",
        description: "Take the self-guided visit to see the grand staircase and the auditorium. Book ballet tickets months ahead. The library-museum is also worth a look.",
        lat: 48.87200, lng: 2.33160, address: "Place de l'Opéra, 75009 Paris", category: "architecture",
      },
      {
        slug: "galerie-vivienne", name: "Galerie Vivienne",
        summary: "The most beautiful of Paris's covered passages, with mosaic floors and a glass roof.",
        description: "Browse the old bookshop and the wine shop Legrand. It's a great rainy-day walk. Continue to the Palais-Royal gardens nearby.",
        lat: 48.86650, lng: 2.33970, address: "6 Rue Vivienne, 75002 Paris", category: "architecture",
      },
      {
        slug: "tour-eiffel", name: "Tour Eiffel",
        summary: "Walk up the stairs to the second floor; it's faster and more fun than the lift.",
        description: "Book online in advance. The views from the Trocadéro are the best for photos. At night the tower sparkles for five minutes every hour.",
        lat: 48.85840, lng: 2.29450, address: "Champ de Mars, 5 Avenue Anatole France, 75007 Paris", category: "sights",
      },
      {
        slug: "musee-rodin", name: "Musée Rodin",
        summary: "The Thinker in a rose garden; the best garden museum in the city.",
        description: "The sculpture garden, with The Thinker and The Gates of Hell, is the highlight. The mansion inside holds Camille Claudel's work too, and the garden café is pleasant.",
        lat: 48.85530, lng: 2.31580, address: "77 Rue de Varenne, 75007 Paris", category: "culture",
      },
      {
        slug: "la-grande-epicerie", name: "La Grande Épicerie de Paris",
        summary: "The food hall of Le Bon Marché, perfect for picnic supplies and gifts.",
        description: "Browse the cheeses, mustards and chocolates. It's pricey but beautifully done. Combine with the department store next door.",
        lat: 48.85090, lng: 2.32390, address: "38 Rue de Sèvres, 75007 Paris", category: "shopping",
      },
      {
        slug: "e-dehillerin", name: "E. Dehillerin",
        summary: "A cluttered 1820 cookware shop where Julia Child bought her copper pans.",
        description: "Look for copper pots and professional knives. Prices are in a catalogue, so ask the staff. It's a delight for cooks.",
        lat: 48.86380, lng: 2.34410, address: "18-20 Rue Coquillière, 75001 Paris", category: "shopping",
      },
      {
        slug: "le-baron-rouge", name: "Le Baron Rouge",
        summary: "A wine bar with barrels where locals drink by the glass after the Aligre market.",
        description: "On Sundays in season, oysters are shucked outside. Order a glass of whatever is on tap. It's loud and friendly.",
        lat: 48.84930, lng: 2.37830, address: "1 Rue Théophile Roussel, 75012 Paris", category: "bars", visibility: "premium",
      },
      {
        slug: "marche-daligre", name: "Marché d'Aligre",
        summary: "A noisy street market and covered hall with the best prices in Paris.",
        description: "Open every morning except Monday. The covered Marché Beauvau sells cheese and meat. There's a small flea market on the square too.",
        lat: 48.84910, lng: 2.37870, address: "Place d'Aligre, 75012 Paris", category: "markets",
      },
      {
        slug: "harrys-new-york-bar", name: "Harry's New York Bar",
        summary: "The birthplace of the Bloody Mary, with wood panelling from 1911.",
        description: "Order the Bloody Mary or a French 75, both said to have been invented here. The piano bar downstairs is cosy. Dress is smart casual.",
        lat: 48.86940, lng: 2.33140, address: "5 Rue Daunou, 75002 Paris", category: "bars",
      },
      {
        slug: "candelaria", name: "Candelaria",
        summary: "A taqueria at the front and a hidden cocktail bar through the back door.",
        description: "Grab a taco at the counter, then slip through the unmarked door. Order one of the mezcal cocktails. Arrive early to get a seat.",
        lat: 48.86290, lng: 2.36380, address: "52 Rue de Saintonge, 75003 Paris", category: "bars", visibility: "supporters",
      },
      {
        slug: "du-pain-et-des-idees", name: "Du Pain et des Idées",
        summary: "A 19th-century bakery famous for its pistachio and chocolate escargot.",
        description: "Try the pain des amis and the escargot pastries. It's closed on weekends, so plan a weekday visit. The painted ceiling is original.",
        lat: 48.87060, lng: 2.36280, address: "34 Rue Yves Toudic, 75010 Paris", category: "food",
      },
    ],
  },
  {
    slug: "rome-slow-and-eternal",
    title: "Rome, Slow and Eternal",
    summary: "Ancient stones, proper carbonara and the Roman habit of stopping for coffee every two hours.",
    creator: "marco",
    city: { name: "Rome", countryCode: "IT" },
    spots: [
      {
        slug: "pantheon", name: "Pantheon",
        summary: "Two thousand years old and still the most perfect room in the world.",
        description: "Stand under the oculus and look up; on rainy days you'll see the drops fall through it. There's now a small entry fee, so book online to skip the line. Visit early morning, then have coffee in the piazza.",
        lat: 41.89860, lng: 12.47690, address: "Piazza della Rotonda, 00186 Roma", category: "architecture",
      },
      {
        slug: "colosseo", name: "Colosseo",
        summary: "Book the underground or upper tiers to see the arena without the shoving.",
        description: "Tickets include the Roman Forum and Palatine, valid over one day. The hypogeum tour shows where the animals and gladiators waited. Go at opening time or on the last slot.",
        lat: 41.89020, lng: 12.49220, address: "Piazza del Colosseo, 00184 Roma", category: "sights",
      },
      {
        slug: "campo-de-fiori", name: "Campo de' Fiori",
        summary: "A morning market under the hooded statue of Giordano Bruno, and lively bars by night.",
        description: "The market runs every morning except Sunday. It's touristy now, but the fruit stalls are still good. Visit the Forno at the corner for pizza bianca.",
        lat: 41.89560, lng: 12.47220, address: "Piazza Campo de' Fiori, 00186 Roma", category: "markets",
      },
      {
        slug: "fontana-di-trevi", name: "Fontana di Trevi",
        summary: "See it at 7am, when it's just you, the water and the street sweepers.",
        description: "By day it's packed; early morning or late at night are much better. Throw a coin over your shoulder to ensure your return. Avoid the restaurants around the square.",
        lat: 41.90090, lng: 12.48330, address: "Piazza di Trevi, 00187 Roma", category: "sights",
      },
      {
        slug: "foro-romano", name: "Foro Romano e Palatino",
        summary: "The heart of ancient Rome, best walked slowly with a good map.",
        description: "Climb the Palatine for the view down onto the Forum. Bring water and a hat in summer. The Via Sacra takes you past the Arch of Titus.",
        lat: 41.89250, lng: 12.48530, address: "Via della Salara Vecchia 5/6, 00186 Roma", category: "sights",
      },
      {
        slug: "piazza-navona", name: "Piazza Navona",
        summary: "Bernini's Four Rivers Fountain in a square shaped like the stadium it replaced.",
        description: "The shape follows the ancient Stadium of Domitian, whose ruins you can visit underground. Skip the expensive terraces. At Christmas there's a market.",
        lat: 41.89900, lng: 12.47310, address: "Piazza Navona, 00186 Roma", category: "sights",
      },
      {
        slug: "galleria-borghese", name: "Galleria Borghese",
        summary: "Bernini's marble that looks like skin, in a villa you must book ahead.",
        description: "Visits are timed and capped, so book well in advance. Apollo and Daphne and the Rape of Proserpina are breathtaking. Caravaggio's paintings are upstairs.",
        lat: 41.91420, lng: 12.49210, address: "Piazzale Scipione Borghese 5, 00197 Roma", category: "culture",
      },
      {
        slug: "terrazza-del-pincio", name: "Terrazza del Pincio",
        summary: "Sunset over the domes from the Pincio terrace above Piazza del Popolo.",
        description: "Walk up from Piazza del Popolo. The view towards St Peter's is best at golden hour. Continue into the Villa Borghese park afterwards.",
        lat: 41.91130, lng: 12.47980, address: "Salita del Pincio, 00187 Roma", category: "nature",
      },
      {
        slug: "musei-vaticani", name: "Musei Vaticani",
        summary: "Worth it, but only with a booked early slot and a plan for the Sistine Chapel.",
        description: "Book the earliest entry and head straight for the Sistine Chapel, then work back. The Raphael Rooms and the map gallery are unmissable. Closed on Sundays except the last of the month.",
        lat: 41.90650, lng: 12.45360, address: "Viale Vaticano, 00165 Roma", category: "culture",
      },
      {
        slug: "basilica-di-san-pietro", name: "Basilica di San Pietro",
        summary: "Climb the dome for the best view of Bernini's colonnade and the city.",
        description: "Entry is free but security queues are long; go early. Michelangelo's Pietà is just inside to the right. The climb to the dome is narrow, but worth it.",
        lat: 41.90220, lng: 12.45390, address: "Piazza San Pietro, 00120 Città del Vaticano", category: "architecture",
      },
      {
        slug: "giardino-degli-aranci", name: "Giardino degli Aranci",
        summary: "An orange garden on the Aventine with a view that Romans keep to themselves.",
        description: "Come at sunset and look towards St Peter's. The garden is free and peaceful. Then walk to the Knights of Malta keyhole nearby.",
        lat: 41.88500, lng: 12.47950, address: "Piazza Pietro d'Illiria, 00153 Roma", category: "nature",
      },
      {
        slug: "buco-della-serratura", name: "Buco della Serratura dei Cavalieri di Malta",
        summary: "Peek through a keyhole and find St Peter's dome perfectly framed.",
        description: "There's often a short queue. The view through the keyhole is framed by a hedge avenue. Combine with the Orange Garden.",
        lat: 41.88340, lng: 12.47770, address: "Piazza dei Cavalieri di Malta 3, 00153 Roma", category: "sights", visibility: "premium",
      },
      {
        slug: "roscioli-salumeria", name: "Roscioli Salumeria con Cucina",
        summary: "A deli-restaurant where my favourite carbonara in town comes with world-class burrata.",
        description: "Book ahead and ask for the carbonara and the cacio e pepe. The wine list is enormous. The front counter sells cheese and hams to take away.",
        lat: 41.89370, lng: 12.47390, address: "Via dei Giubbonari 21, 00186 Roma", category: "food",
      },
      {
        slug: "antico-forno-roscioli", name: "Antico Forno Roscioli",
        summary: "The bakery for pizza bianca and pizza rossa by the slice, eaten standing.",
        description: "Order by weight at the counter. The pizza rossa with tomato is a classic. Also try the cookies.",
        lat: 41.89420, lng: 12.47430, address: "Via dei Chiavari 34, 00186 Roma", category: "food",
      },
      {
        slug: "da-enzo-al-29", name: "Da Enzo al 29",
        summary: "A tiny Trastevere trattoria with the most honest Roman classics.",
        description: "Order the carciofi alla giudia in season, the amatriciana and the tiramisù. It's small and always busy; arrive before it opens. Cash is appreciated.",
        lat: 41.88830, lng: 12.47740, address: "Via dei Vascellari 29, 00153 Roma", category: "food", visibility: "premium",
      },
      {
        slug: "armando-al-pantheon", name: "Armando al Pantheon",
        summary: "A family trattoria steps from the Pantheon that hasn't sold out.",
        description: "Book ahead, even at lunch. Try the pasta alla gricia and the oxtail stew. The wine list is excellent.",
        lat: 41.89890, lng: 12.47600, address: "Salita de' Crescenzi 31, 00186 Roma", category: "food",
      },
      {
        slug: "tazza-doro", name: "La Casa del Caffè Tazza d'Oro",
        summary: "Granita di caffè with whipped cream is my summer ritual here.",
        description: "Pay first at the till, then take your receipt to the bar. In summer, get the coffee granita with cream. Beans make a great souvenir.",
        lat: 41.89950, lng: 12.47740, address: "Via degli Orfani 84, 00186 Roma", category: "coffee",
      },
      {
        slug: "santeustachio-il-caffe", name: "Sant'Eustachio Il Caffè",
        summary: "A secret-recipe espresso, pre-sweetened and foamy, since 1938.",
        description: "Ask for it amaro if you don't want sugar. The wood-roasted beans give a distinct flavour. Stand at the bar like a Roman.",
        lat: 41.89810, lng: 12.47530, address: "Piazza di Sant'Eustachio 82, 00186 Roma", category: "coffee",
      },
      {
        slug: "giolitti", name: "Giolitti",
        summary: "An old-school gelateria with white-jacketed staff and generous scoops.",
        description: "Pay first at the till, then choose your flavours. Try the rice gelato or the pistachio. Add panna on top.",
        lat: 41.90070, lng: 12.47690, address: "Via degli Uffici del Vicario 40, 00186 Roma", category: "food",
      },
      {
        slug: "mercato-testaccio", name: "Nuovo Mercato di Testaccio",
        summary: "My neighbourhood market, with the best street-food stalls in Rome.",
        description: "Try Mordi e Vai for sandwiches filled with Roman stews. Closed on Sundays. You can see ancient amphorae remains under glass.",
        lat: 41.87630, lng: 12.47570, address: "Via Aldo Manuzio 66b, 00153 Roma", category: "markets",
      },
      {
        slug: "flavio-al-velavevodetto", name: "Flavio al Velavevodetto",
        summary: "Roman pastas served in a restaurant carved into a hill of ancient amphorae.",
        description: "Look at the walls: Monte Testaccio is made of broken Roman pots. Order the cacio e pepe and the meatballs. Book ahead on weekends.",
        lat: 41.87540, lng: 12.47580, address: "Via di Monte Testaccio 97, 00153 Roma", category: "food", visibility: "supporters",
      },
      {
        slug: "trapizzino-testaccio", name: "Trapizzino",
        summary: "Pizza pockets filled with Roman stews; the original shop is in Testaccio.",
        description: "Try the chicken cacciatore and the oxtail. It's a great quick lunch. Pair with a supplì.",
        lat: 41.87810, lng: 12.47290, address: "Via Giovanni Branca 88, 00153 Roma", category: "food",
      },
      {
        slug: "bar-san-calisto", name: "Bar San Calisto",
        summary: "A scruffy Trastevere institution with cheap drinks and a bohemian crowd.",
        description: "Order a beer and sit on the square. In winter, the hot chocolate with cream is famous. It's cash-friendly and unpretentious.",
        lat: 41.88930, lng: 12.46970, address: "Piazza di San Calisto 3, 00153 Roma", category: "bars",
      },
      {
        slug: "freni-e-frizioni", name: "Freni e Frizioni",
        summary: "An old garage turned aperitivo bar, packed with Trastevere locals at dusk.",
        description: "The aperitivo includes a buffet. Cocktails are well made. The terrace is a great place to people-watch.",
        lat: 41.89160, lng: 12.46920, address: "Via del Politeama 4-6, 00153 Roma", category: "bars",
      },
      {
        slug: "santa-maria-in-trastevere", name: "Basilica di Santa Maria in Trastevere",
        summary: "Golden mosaics and an ancient fountain in the heart of Trastevere.",
        description: "The 12th-century apse mosaics are dazzling. Step in during the evening when the piazza is lively. The fountain is a meeting spot for locals.",
        lat: 41.88950, lng: 12.47010, address: "Piazza di Santa Maria in Trastevere, 00153 Roma", category: "architecture",
      },
      {
        slug: "gianicolo", name: "Gianicolo",
        summary: "Rome's panoramic hill, with a cannon shot fired at noon every day.",
        description: "Walk up from Trastevere via the steps. The noon cannon shot is a tradition since 1847. The view over the whole city is magnificent.",
        lat: 41.89150, lng: 12.46130, address: "Passeggiata del Gianicolo, 00165 Roma", category: "nature",
      },
      {
        slug: "basilica-di-san-clemente", name: "Basilica di San Clemente",
        summary: "Three layers of history: a medieval church on an early church on a Roman house.",
        description: "Descend to the 4th-century basilica and then to the Mithraic temple. You can hear water running underground. A small fee is required for the lower levels.",
        lat: 41.88930, lng: 12.49760, address: "Via Labicana 95, 00184 Roma", category: "architecture",
      },
      {
        slug: "musei-capitolini", name: "Musei Capitolini",
        summary: "The world's oldest public museum, with the she-wolf and a Forum view.",
        description: "The original Marcus Aurelius statue is inside. The terrace café has great views. Walk through the tunnel to the Tabularium for a Forum panorama.",
        lat: 41.89310, lng: 12.48270, address: "Piazza del Campidoglio 1, 00186 Roma", category: "culture",
      },
      {
        slug: "palazzo-doria-pamphilj", name: "Galleria Doria Pamphilj",
        summary: "A private palace on the Corso with Velázquez's Innocent X and a hall of mirrors.",
        description: "The audio guide is narrated by a family member. The Velázquez portrait is extraordinary. It's rarely crowded.",
        lat: 41.89800, lng: 12.48130, address: "Via del Corso 305, 00186 Roma", category: "culture",
      },
      {
        slug: "piazza-di-spagna", name: "Piazza di Spagna",
        summary: "The Spanish Steps and the Barcaccia fountain, best seen at dawn.",
        description: "Sitting on the steps is now forbidden. The view from the top near Trinità dei Monti is lovely. The Keats-Shelley House is to the right of the steps.",
        lat: 41.90590, lng: 12.48280, address: "Piazza di Spagna, 00187 Roma", category: "sights",
      },
      {
        slug: "antico-caffe-greco", name: "Antico Caffè Greco",
        summary: "Rome's oldest café, from 1760, with red velvet and framed portraits.",
        description: "Have an espresso at the bar to save money. The back rooms are full of art. Keats, Goethe and Byron drank here.",
        lat: 41.90550, lng: 12.48120, address: "Via dei Condotti 86, 00187 Roma", category: "coffee", visibility: "premium",
      },
      {
        slug: "cul-de-sac", name: "Cul de Sac",
        summary: "A long, narrow wine bar near Navona with a huge list and good pâtés.",
        description: "Ask for a glass and a plate of cheese and pâté. The outdoor tables are by the talking statue of Pasquino. Friendly, unpretentious.",
        lat: 41.89760, lng: 12.47240, address: "Piazza di Pasquino 73, 00186 Roma", category: "bars",
      },
      {
        slug: "portico-dottavia", name: "Portico d'Ottavia",
        summary: "Ancient Roman ruins at the heart of the Jewish Ghetto, with kosher bakeries nearby.",
        description: "Walk the Via del Portico d'Ottavia and try the carciofi alla giudia. The Pasticceria Boccione is famous for its ricotta tart. The Great Synagogue museum is nearby.",
        lat: 41.89240, lng: 12.47790, address: "Via del Portico d'Ottavia, 00186 Roma", category: "sights",
      },
    ],
  },
  {
    slug: "berlin-kiez-by-kiez",
    title: "Berlin, Kiez by Kiez",
    summary: "History on every corner, modernist landmarks, market halls and the beer gardens where Berlin unwinds.",
    creator: "hannah",
    city: { name: "Berlin", countryCode: "DE" },
    spots: [
      {
        slug: "brandenburger-tor", name: "Brandenburger Tor",
        summary: "The city's symbol, at its most moving early in the morning before the crowds.",
        description: "Walk through from Pariser Platz towards the Tiergarten and think of the Wall that ran right here. The Room of Silence in the north wing is a quiet place to pause. At night the gate is lit beautifully.",
        lat: 52.51630, lng: 13.37770, address: "Pariser Platz, 10117 Berlin", category: "sights",
      },
      {
        slug: "reichstag-kuppel", name: "Reichstag Dome",
        summary: "Norman Foster's glass dome lets you walk above the parliament for free.",
        description: "Register online a few days ahead and bring ID. The spiral ramp and the free audio guide explain the skyline. Go at dusk when the dome's mirrors light up the chamber below.",
        lat: 52.51860, lng: 13.37610, address: "Platz der Republik 1, 11011 Berlin", category: "architecture",
      },
      {
        slug: "markthalle-neun", name: "Markthalle Neun",
        summary: "A 19th-century market hall in Kreuzberg, famous for its Thursday street food night.",
        description: "Thursday evenings bring Street Food Thursday, with stalls from around the world. On other days, visit the bakery, the coffee roaster and the brewery. Saturday is the market day.",
        lat: 52.50220, lng: 13.43170, address: "Eisenbahnstraße 42/43, 10997 Berlin", category: "markets",
      },
      {
        slug: "east-side-gallery", name: "East Side Gallery",
        summary: "The longest surviving stretch of the Wall, painted by artists from around the world.",
        description: "Walk the 1.3 km along the Spree from Ostbahnhof to the Oberbaum Bridge. The famous Brezhnev-Honecker kiss is here. Go early to avoid crowds at the famous murals.",
        lat: 52.50500, lng: 13.43970, address: "Mühlenstraße 3-100, 10243 Berlin", category: "culture",
      },
      {
        slug: "neues-museum", name: "Neues Museum",
        summary: "Nefertiti in a war-damaged museum rebuilt brilliantly by David Chipperfield.",
        description: "The restoration left scars and patches visible, which makes the building itself a highlight. Nefertiti's bust is the star; no photos in her room. Book a timed ticket online.",
        lat: 52.52050, lng: 13.39780, address: "Bodestraße 1-3, 10178 Berlin", category: "culture",
      },
      {
        slug: "berliner-dom", name: "Berliner Dom",
        summary: "Climb the 270 steps of the cathedral dome for a view over Museum Island.",
        description: "The interior is grand and neo-baroque, and the crypt holds Hohenzollern coffins. The walkway around the dome has a great view. The Lustgarten lawn in front is a perfect picnic spot.",
        lat: 52.51910, lng: 13.40110, address: "Am Lustgarten, 10178 Berlin", category: "architecture",
      },
      {
        slug: "gedenkstaette-berliner-mauer", name: "Gedenkstätte Berliner Mauer",
        summary: "The best place to understand the Wall: the death strip preserved on Bernauer Straße.",
        description: "The open-air memorial follows the former border for over a kilometre. Climb the viewing tower at the Documentation Center to see the full strip. Free entry.",
        lat: 52.53500, lng: 13.39010, address: "Bernauer Straße 111, 13355 Berlin", category: "sights",
      },
      {
        slug: "holocaust-mahnmal", name: "Memorial to the Murdered Jews of Europe",
        summary: "Peter Eisenman's field of concrete stelae, disorienting and deeply affecting.",
        description: "Walk into the centre, where the ground dips and the blocks rise above you. Don't miss the underground information centre. Please be respectful; it's not a playground.",
        lat: 52.51390, lng: 13.37880, address: "Cora-Berliner-Straße 1, 10117 Berlin", category: "sights",
      },
      {
        slug: "tempelhofer-feld", name: "Tempelhofer Feld",
        summary: "A former airport turned vast park, where you can cycle down the runways.",
        description: "Rent a bike or bring a kite. On sunny weekends, locals barbecue in the designated areas. Sunset is spectacular here.",
        lat: 52.47500, lng: 13.40170, address: "Tempelhofer Damm, 12101 Berlin", category: "nature",
      },
      {
        slug: "siegessaeule", name: "Siegessäule",
        summary: "Climb the Victory Column in the middle of the Tiergarten for a green panorama.",
        description: "It's 285 steps to the viewing platform under the golden Victoria. The view over the Tiergarten and the city is superb. Use the underpasses to reach it from the roundabout.",
        lat: 52.51450, lng: 13.35010, address: "Großer Stern 1, 10557 Berlin", category: "sights",
      },
      {
        slug: "mauerpark", name: "Mauerpark",
        summary: "Sunday means the flea market and open-air karaoke in the amphitheatre.",
        description: "The flea market is full of vintage finds and street food. Bearpit Karaoke starts in the afternoon in good weather. Go early for the best finds.",
        lat: 52.54350, lng: 13.40270, address: "Bernauer Straße 63-64, 13355 Berlin", category: "markets",
      },
      {
        slug: "curry-36", name: "Curry 36",
        summary: "A classic Kreuzberg currywurst stand that's been feeding night owls for decades.",
        description: "Order the currywurst with or without skin and a side of fries. Eat standing at the counters. It's open late.",
        lat: 52.49360, lng: 13.38790, address: "Mehringdamm 36, 10961 Berlin", category: "food",
      },
      {
        slug: "hackesche-hoefe", name: "Hackesche Höfe",
        summary: "Eight interlinked courtyards with art nouveau tiles, shops and a cinema.",
        description: "The first courtyard has stunning glazed tile facades by August Endell. Wander through to the quieter inner courtyards. The Rosenhöfe next door are worth a look too.",
        lat: 52.52420, lng: 13.40240, address: "Rosenthaler Straße 40-41, 10178 Berlin", category: "architecture", visibility: "premium",
      },
      {
        slug: "konnopkes-imbiss", name: "Konnopke's Imbiss",
        summary: "Currywurst under the U-Bahn tracks, a Prenzlauer Berg institution since 1930.",
        description: "Eat under the elevated railway at Eberswalder Straße. The sauce recipe is a family secret. Go for a quick bite before exploring the area.",
        lat: 52.54030, lng: 13.41220, address: "Schönhauser Allee 44B, 10435 Berlin", category: "food",
      },
      {
        slug: "the-barn", name: "The Barn",
        summary: "One of Berlin's pioneering roasters; expect serious filter coffee.",
        description: "The Auguststraße café is small, with a focus on single origins. Ask the baristas for a recommendation. Beans are available to buy.",
        lat: 52.52760, lng: 13.40130, address: "Auguststraße 58, 10119 Berlin", category: "coffee",
      },
      {
        slug: "bonanza-coffee-heroes", name: "Bonanza Coffee Heroes",
        summary: "A tiny Prenzlauer Berg coffee bar that helped start Berlin's third wave.",
        description: "Order an espresso or a flat white. It's a short walk from the Mauerpark. Seating is limited, so take away on sunny days.",
        lat: 52.53900, lng: 13.40580, address: "Oderberger Straße 35, 10435 Berlin", category: "coffee",
      },
      {
        slug: "five-elephant", name: "Five Elephant",
        summary: "Excellent coffee and, honestly, the best cheesecake I've had in Berlin.",
        description: "Get the Philadelphia cheesecake and a cortado. The Kreuzberg location is cosy. Visit on your way to the Görlitzer Park.",
        lat: 52.49520, lng: 13.43350, address: "Reichenberger Straße 101, 10999 Berlin", category: "coffee", visibility: "premium",
      },
      {
        slug: "kadewe", name: "KaDeWe",
        summary: "The sixth-floor food hall of Berlin's grand department store is a gourmet playground.",
        description: "Head straight up to the sixth floor for the delicatessen counters and champagne bar. The winter garden on the seventh floor has good views. It's a good rainy-day option.",
        lat: 52.50150, lng: 13.34120, address: "Tauentzienstraße 21-24, 10789 Berlin", category: "shopping",
      },
      {
        slug: "dussmann-kulturkaufhaus", name: "Dussmann das KulturKaufhaus",
        summary: "A huge bookshop and music store with a vertical garden wall, open late.",
        description: "The English bookshop is excellent. The vertical garden by Patrick Blanc is impressive. Great for a rainy afternoon.",
        lat: 52.51840, lng: 13.38860, address: "Friedrichstraße 90, 10117 Berlin", category: "shopping",
      },
      {
        slug: "hamburger-bahnhof", name: "Hamburger Bahnhof",
        summary: "Contemporary art in a former railway station with huge halls.",
        description: "The long industrial halls host major installations. The permanent collection includes Beuys and Warhol. Check the programme for evening events.",
        lat: 52.52840, lng: 13.37200, address: "Invalidenstraße 50-51, 10557 Berlin", category: "culture",
      },
      {
        slug: "juedisches-museum", name: "Jüdisches Museum Berlin",
        summary: "Daniel Libeskind's zigzag building speaks before you reach a single exhibit.",
        description: "Walk the axes in the basement, the Garden of Exile and the Holocaust Tower. The Shalekhet installation of iron faces in the Memory Void is unforgettable. Allow at least three hours.",
        lat: 52.50190, lng: 13.39460, address: "Lindenstraße 9-14, 10969 Berlin", category: "architecture",
      },
      {
        slug: "neue-nationalgalerie", name: "Neue Nationalgalerie",
        summary: "Mies van der Rohe's steel-and-glass temple, restored to its full clarity.",
        description: "The glass hall on top hosts large installations, while the collection is downstairs. Reopened after a restoration by David Chipperfield. The sculpture garden is lovely.",
        lat: 52.50690, lng: 13.36790, address: "Potsdamer Straße 50, 10785 Berlin", category: "architecture",
      },
      {
        slug: "gemaeldegalerie", name: "Gemäldegalerie",
        summary: "Old Masters from Vermeer to Caravaggio, and often almost empty.",
        description: "Look for Caravaggio's Amor Vincit Omnia and the Rembrandts. The galleries are vast, so pick a focus. A good rainy-day escape.",
        lat: 52.50850, lng: 13.36520, address: "Matthäikirchplatz, 10785 Berlin", category: "culture",
      },
      {
        slug: "klunkerkranich", name: "Klunkerkranich",
        summary: "A rooftop garden bar on top of a Neukölln shopping-centre car park.",
        description: "Take the lift to the parking deck and follow the stairs. Sunset here is magical, with views of the TV tower. There's often live music.",
        lat: 52.48170, lng: 13.43190, address: "Karl-Marx-Straße 66, 12043 Berlin", category: "bars", visibility: "supporters",
      },
      {
        slug: "prater-garten", name: "Prater Garten",
        summary: "Berlin's oldest beer garden, under chestnut trees in Prenzlauer Berg.",
        description: "Order a Prater Pils and a pretzel. It's open only in the warm months. Great for a long summer evening.",
        lat: 52.53980, lng: 13.41030, address: "Kastanienallee 7-9, 10435 Berlin", category: "bars",
      },
      {
        slug: "cafe-am-neuen-see", name: "Café am Neuen See",
        summary: "A lakeside beer garden in the Tiergarten with rowing boats and pizza.",
        description: "Rent a boat on the lake, then grab a beer. It's a perfect summer afternoon. Gets busy on weekends.",
        lat: 52.50990, lng: 13.34710, address: "Lichtensteinallee 2, 10787 Berlin", category: "bars",
      },
      {
        slug: "monkey-bar", name: "Monkey Bar",
        summary: "A tenth-floor cocktail bar overlooking the zoo's monkey enclosure.",
        description: "Arrive early for a window seat. The cocktails are creative. The terrace has a view over the Tiergarten and the Memorial Church.",
        lat: 52.50520, lng: 13.33730, address: "Budapester Straße 40, 10787 Berlin", category: "bars",
      },
      {
        slug: "zeit-fuer-brot", name: "Zeit für Brot",
        summary: "Organic bakery famous for its gooey cinnamon buns.",
        description: "Order a cinnamon bun and a coffee. You can watch the bakers at work. It's busy on weekends.",
        lat: 52.52650, lng: 13.40760, address: "Alte Schönhauser Straße 4, 10119 Berlin", category: "food",
      },
      {
        slug: "flughafen-tempelhof", name: "Flughafen Tempelhof",
        summary: "A monumental 1930s airport building, best seen on a guided tour.",
        description: "Tours take you to the hangars and the rooftop. It's a key site of the Berlin Airlift. Combine with a walk on the Tempelhofer Feld.",
        lat: 52.48280, lng: 13.38970, address: "Platz der Luftbrücke 5, 12101 Berlin", category: "architecture",
      },
      {
        slug: "karl-marx-allee", name: "Karl-Marx-Allee",
        summary: "A monumental socialist boulevard lined with tiled wedding-cake apartment blocks.",
        description: "Walk from Strausberger Platz to Frankfurter Tor to see the scale. The tiled facades glow in the late afternoon light.",
        lat: 52.51580, lng: 13.45400, address: "Karl-Marx-Allee, 10243 Berlin", category: "architecture",
      },
      {
        slug: "sammlung-boros", name: "Sammlung Boros",
        summary: "A private contemporary art collection inside a massive WWII bunker.",
        description: "Visits are by guided tour only and sell out weeks ahead, so book early. The bunker's history is as interesting as the art. The tour lasts about 90 minutes.",
        lat: 52.52370, lng: 13.38180, address: "Reinhardtstraße 20, 10117 Berlin", category: "culture",
      },
      {
        slug: "sowjetisches-ehrenmal-treptow", name: "Sowjetisches Ehrenmal Treptower Park",
        summary: "A vast, sombre Soviet war memorial in the middle of Treptower Park.",
        description: "The scale is overwhelming, with a giant soldier on a mound. Combine with a walk along the Spree. It's free and rarely crowded.",
        lat: 52.48600, lng: 13.46970, address: "Puschkinallee, 12435 Berlin", category: "sights",
      },
      {
        slug: "tuerkischer-markt-maybachufer", name: "Türkischer Markt am Maybachufer",
        summary: "A canal-side market with olives, fabrics and cheap vegetables.",
        description: "It runs on Tuesdays and Fridays. Try gözleme or fresh bread. On Saturdays there's a smaller craft market.",
        lat: 52.49480, lng: 13.42310, address: "Maybachufer, 12047 Berlin", category: "markets",
      },
    ],
  },
  {
    slug: "copenhagen-harbour-and-hygge",
    title: "Copenhagen: Harbour and Hygge",
    summary: "Harbour baths, smørrebrød, cardamom buns and the bold new architecture of a city built for bikes.",
    creator: "hannah",
    city: { name: "Copenhagen", countryCode: "DK" },
    spots: [
      {
        slug: "nyhavn", name: "Nyhavn",
        summary: "The painted harbour is a cliché for a reason, so admire it from the quieter north side.",
        description: "Hans Christian Andersen lived at numbers 18, 20 and 67. The canal tours start here, and they're the best way to see the city's waterfront. Skip the pricey terraces and grab a drink to sit on the quay.",
        lat: 55.67980, lng: 12.59080, address: "Nyhavn, 1051 København K", category: "sights",
      },
      {
        slug: "tivoli", name: "Tivoli Gardens",
        summary: "The 1843 amusement park is pure magic at night, when thousands of lights come on.",
        description: "Even if you don't ride anything, the gardens and the illuminations are worth the entry. The wooden roller coaster from 1914 is a classic. Check the seasonal opening dates before you go.",
        lat: 55.67370, lng: 12.56810, address: "Vesterbrogade 3, 1630 København V", category: "sights",
      },
      {
        slug: "torvehallerne", name: "Torvehallerne",
        summary: "Two glass market halls where I buy smørrebrød, coffee and perfect porridge.",
        description: "Graze your way through the stalls: smørrebrød, fish, cheese and Grød porridge. It's busiest at weekend lunch. The outdoor flower and fruit stalls between the halls are lovely.",
        lat: 55.68380, lng: 12.56980, address: "Frederiksborggade 21, 1360 København K", category: "markets",
      },
      {
        slug: "rosenborg-slot", name: "Rosenborg Slot",
        summary: "A Renaissance castle with the crown jewels in its basement and a royal garden around it.",
        description: "The treasury holds the Danish crown jewels. The castle's rooms are intimate and richly decorated. Picnic in the King's Garden afterwards.",
        lat: 55.68580, lng: 12.57730, address: "Øster Voldgade 4A, 1350 København K", category: "sights",
      },
      {
        slug: "designmuseum-danmark", name: "Designmuseum Danmark",
        summary: "The story of Danish design in an 18th-century hospital, with a wall of chairs.",
        description: "The chair collection is the highlight, with classics by Wegner and Jacobsen. The garden café is charming. The shop is great for gifts.",
        lat: 55.68850, lng: 12.59300, address: "Bredgade 68, 1260 København K", category: "culture",
      },
      {
        slug: "amalienborg", name: "Amalienborg",
        summary: "Four rococo palaces around an octagonal square; watch the guard change at noon.",
        description: "The Royal Guard marches from Rosenborg to Amalienborg and changes at noon. One palace is open as a museum. Look along the axis to the Marble Church and the Opera.",
        lat: 55.68400, lng: 12.59330, address: "Amalienborg Slotsplads, 1257 København K", category: "sights",
      },
      {
        slug: "marmorkirken", name: "Frederiks Kirke (Marmorkirken)",
        summary: "The Marble Church has one of the largest domes in Scandinavia; climb it for views.",
        description: "Dome tours run at set times, usually on weekends. The interior is free to visit. It's right on the axis of Amalienborg.",
        lat: 55.68500, lng: 12.58940, address: "Frederiksgade 4, 1265 København K", category: "architecture",
      },
      {
        slug: "den-lille-havfrue", name: "Den Lille Havfrue",
        summary: "The Little Mermaid is small, yes, but the walk along Langelinie makes it worth it.",
        description: "Go early morning to avoid tour groups. Walk from Nyhavn along the harbour via Kastellet. The statue dates from 1913.",
        lat: 55.69290, lng: 12.59930, address: "Langelinie, 2100 København Ø", category: "sights",
      },
      {
        slug: "kastellet", name: "Kastellet",
        summary: "A star-shaped fortress with ramparts for a calm morning walk or run.",
        description: "Walk along the ramparts for views over the moat. The red barracks and windmill are picturesque. Free and open from early morning.",
        lat: 55.69060, lng: 12.59480, address: "Gl. Hovedvagt, Kastellet 1, 2100 København Ø", category: "nature",
      },
      {
        slug: "christiansborg-taarnet", name: "Christiansborg Palace Tower",
        summary: "Free views from the tallest tower in the city, above the parliament.",
        description: "The tower lookout is free, though you may queue for security. There's a restaurant at the top. The palace also has royal reception rooms and ruins underneath.",
        lat: 55.67600, lng: 12.58020, address: "Prins Jørgens Gård 1, 1218 København K", category: "architecture",
      },
      {
        slug: "ny-carlsberg-glyptotek", name: "Ny Carlsberg Glyptotek",
        summary: "Ancient sculpture and French Impressionists around a glass-domed palm garden.",
        description: "The winter garden café is a great place to sit on a grey day. Don't miss the Rodin collection. It's free on the last Wednesday of the month.",
        lat: 55.67290, lng: 12.57240, address: "Dantes Plads 7, 1556 København V", category: "culture",
      },
      {
        slug: "smk", name: "SMK - Statens Museum for Kunst",
        summary: "Denmark's national gallery, from Golden Age painters to Matisse.",
        description: "The Danish Golden Age rooms are a highlight. The modern extension opens onto the Østre Anlæg park. The café in the big sculpture hall makes a good break.",
        lat: 55.68890, lng: 12.57850, address: "Sølvgade 48-50, 1307 København K", category: "culture",
      },
      {
        slug: "christiania", name: "Freetown Christiania",
        summary: "The self-governing commune on the old military base: murals, lakes and homemade houses.",
        description: "Wander the lakeside paths and see the creative self-built homes. Respect the no-photo areas. It's an interesting social experiment.",
        lat: 55.67350, lng: 12.59700, address: "Prinsessegade, 1440 København K", category: "sights",
      },
      {
        slug: "vor-frelsers-kirke", name: "Vor Frelsers Kirke",
        summary: "Climb the spiral staircase winding around the outside of the spire, if you dare.",
        description: "The last section narrows to almost nothing at the very top. It's not for vertigo sufferers. Closed in bad weather, so check before going.",
        lat: 55.67290, lng: 12.59420, address: "Sankt Annæ Gade 29, 1416 København K", category: "architecture", visibility: "premium",
      },
      {
        slug: "den-sorte-diamant", name: "Den Sorte Diamant",
        summary: "The Royal Library's black granite extension, leaning out over the harbour.",
        description: "Walk through the atrium and take in the harbour view. The old library has beautiful reading rooms. There's a café on the waterfront.",
        lat: 55.67320, lng: 12.58250, address: "Søren Kierkegaards Plads 1, 1221 København K", category: "architecture",
      },
      {
        slug: "operaen", name: "Operaen",
        summary: "The opera house on Holmen with a giant roof; take the harbour bus for the views.",
        description: "Take a guided tour or catch a performance. The foyer is spectacular. The harbour bus stops right in front.",
        lat: 55.68190, lng: 12.60080, address: "Ekvipagemestervej 10, 1438 København K", category: "architecture",
      },
      {
        slug: "reffen", name: "Reffen",
        summary: "A huge outdoor street food market on the old shipyard island of Refshaleøen.",
        description: "Open seasonally from spring to autumn. Try dishes from around the world and sit by the water. Take the harbour bus there.",
        lat: 55.69330, lng: 12.60950, address: "Refshalevej 167, 1432 København K", category: "food",
      },
      {
        slug: "copenhill", name: "CopenHill",
        summary: "A ski slope, hiking trail and climbing wall on top of a power plant.",
        description: "The BIG-designed waste-to-energy plant has a rooftop bar with a view. Hike up the green roof. Dry slope skiing is available year-round.",
        lat: 55.68220, lng: 12.62170, address: "Vindmøllevej 6, 2300 København S", category: "architecture",
      },
      {
        slug: "superkilen", name: "Superkilen",
        summary: "A playful urban park in Nørrebro with objects from dozens of countries.",
        description: "The red, black and green zones each have their own character. Look for the Moroccan fountain and the Japanese octopus. A great example of inclusive design.",
        lat: 55.70090, lng: 12.54220, address: "Nørrebrogade 210, 2200 København N", category: "architecture",
      },
      {
        slug: "assistens-kirkegaard", name: "Assistens Kirkegård",
        summary: "A leafy cemetery used as a park, with the graves of Andersen and Kierkegaard.",
        description: "Locals picnic and cycle here; be respectful. Find the graves of Hans Christian Andersen and Søren Kierkegaard. Lovely in spring.",
        lat: 55.69080, lng: 12.55140, address: "Kapelvej 2, 2200 København N", category: "nature",
      },
      {
        slug: "coffee-collective-jaegersborggade", name: "The Coffee Collective",
        summary: "World-class light-roast coffee on Jægersborggade, Nørrebro's indie street.",
        description: "Order a filter or an espresso and sit on the bench outside. Jægersborggade has lovely shops. The beans are excellent.",
        lat: 55.69470, lng: 12.54410, address: "Jægersborggade 57, 2200 København N", category: "coffee",
      },
      {
        slug: "atelier-september", name: "Atelier September",
        summary: "A bright café famous for avocado on rye and matcha.",
        description: "It's small, so come early. Try the avocado toast with chives and lemon zest. The space is minimalist and beautiful.",
        lat: 55.68210, lng: 12.58260, address: "Gothersgade 30, 1123 København K", category: "coffee",
      },
      {
        slug: "juno-the-bakery", name: "Juno the Bakery",
        summary: "The cardamom buns worth queuing for in Østerbro.",
        description: "Get there early; the buns sell out. The sourdough is also excellent. Eat in the small park nearby.",
        lat: 55.70490, lng: 12.58460, address: "Århusgade 48, 2100 København Ø", category: "food", visibility: "premium",
      },
      {
        slug: "mikkeller-bar-viktoriagade", name: "Mikkeller Bar",
        summary: "The first bar of Copenhagen's cult craft brewer, down a few steps in Vesterbro.",
        description: "Ask the staff for tasting pours. The tap list rotates constantly. It's cosy and friendly.",
        lat: 55.67130, lng: 12.55980, address: "Viktoriagade 8 B-C, 1655 København V", category: "bars",
      },
      {
        slug: "ruby", name: "Ruby",
        summary: "Cocktails in a townhouse by the canal, with no sign on the door.",
        description: "Look for the discreet entrance. The drinks are creative and well made. The basement is cosier.",
        lat: 55.67750, lng: 12.57760, address: "Nybrogade 10, 1203 København K", category: "bars", visibility: "supporters",
      },
      {
        slug: "lidkoeb", name: "Lidkoeb",
        summary: "A cocktail bar in a former pharmacy, hidden at the back of a Vesterbro courtyard.",
        description: "The whisky bar on the top floor is cosy. Order a Nordic-inspired cocktail. Look for it down the courtyard off Vesterbrogade.",
        lat: 55.67190, lng: 12.55320, address: "Vesterbrogade 72B, 1620 København V", category: "bars",
      },
      {
        slug: "restaurant-schonnemann", name: "Restaurant Schønnemann",
        summary: "Smørrebrød and aquavit at lunch, served since 1877 in a cellar.",
        description: "Book ahead. Order three pieces each: herring, eel and roast beef are classics. Pair with a shot of aquavit and a beer.",
        lat: 55.68240, lng: 12.57370, address: "Hauser Plads 16, 1127 København K", category: "food",
      },
      {
        slug: "koedbyen", name: "Kødbyen",
        summary: "The meatpacking district, now packed with restaurants, bars and galleries.",
        description: "The White Meat City has the best restaurants. Go for dinner and stay for drinks. It's lively on weekend nights.",
        lat: 55.66920, lng: 12.56020, address: "Flæsketorvet, 1711 København V", category: "food",
      },
      {
        slug: "illums-bolighus", name: "Illums Bolighus",
        summary: "Four floors of Danish design, from lamps to glassware.",
        description: "It's the best place to see Danish design under one roof. Prices are high, but browsing is free. The top floor has furniture.",
        lat: 55.67880, lng: 12.57930, address: "Amagertorv 10, 1160 København K", category: "shopping",
      },
      {
        slug: "rundetaarn", name: "Rundetårn",
        summary: "A 17th-century observatory tower climbed by a spiral ramp instead of stairs.",
        description: "Walk up the ramp to the observation deck. There's an exhibition hall halfway. The view is great over the old town.",
        lat: 55.68130, lng: 12.57580, address: "Købmagergade 52A, 1150 København K", category: "sights",
      },
      {
        slug: "botanisk-have", name: "Botanisk Have",
        summary: "A free botanical garden with a magnificent 19th-century palm house.",
        description: "The Palm House is a treat on a rainy day. The garden is free. The lake is a nice spot to relax.",
        lat: 55.68720, lng: 12.57360, address: "Gothersgade 128, 1123 København K", category: "nature",
      },
      {
        slug: "cisternerne", name: "Cisternerne",
        summary: "An underground water reservoir turned eerie art space under a Frederiksberg park.",
        description: "Exhibitions change yearly, playing with darkness and water. It's cool and damp, so bring a layer. Combine with a walk in the Søndermarken park.",
        lat: 55.66970, lng: 12.52640, address: "Søndermarken, 2000 Frederiksberg", category: "culture",
      },
      {
        slug: "havnebadet-islands-brygge", name: "Havnebadet Islands Brygge",
        summary: "Swim in the clean harbour water with the city skyline around you.",
        description: "The harbour bath is free in summer. Lifeguards are on duty in season. Locals sunbathe on the grass nearby.",
        lat: 55.66800, lng: 12.57680, address: "Islands Brygge 14, 2300 København S", category: "nature",
      },
    ],
  },
  {
    slug: "london-borough-by-borough",
    title: "London, Borough by Borough",
    summary: "Free museums, proper pubs, Sunday markets and hilltop views, from Hampstead to Greenwich.",
    creator: "sam",
    city: { name: "London", countryCode: "GB" },
    spots: [
      {
        slug: "british-museum", name: "British Museum",
        summary: "Free, enormous and best tackled one gallery at a time on a weekday morning.",
        description: "Go straight to the Rosetta Stone before the crowds, then the Assyrian reliefs and the Sutton Hoo treasure. The Great Court's glass roof by Foster is a sight in itself. Friday late openings are quieter.",
        lat: 51.51940, lng: -0.12700, address: "Great Russell Street, London WC1B 3DG", category: "culture",
      },
      {
        slug: "borough-market", name: "Borough Market",
        summary: "London's oldest food market, where I graze from cheese toasties to oysters.",
        description: "Weekday mornings are calmest; Saturdays are a crush. Try the raclette toastie from Kappacasein and a coffee from Monmouth's stall nearby. Many traders are closed on Mondays.",
        lat: 51.50550, lng: -0.09100, address: "8 Southwark Street, London SE1 1TL", category: "markets",
      },
      {
        slug: "tate-modern", name: "Tate Modern",
        summary: "A power station turned art museum, with a free viewing level over St Paul's.",
        description: "The Turbine Hall commissions are always worth a look. Head to the Blavatnik Building's tenth-floor terrace for a free view. The collection is free; big exhibitions are ticketed.",
        lat: 51.50760, lng: -0.09940, address: "Bankside, London SE1 9TG", category: "culture",
      },
      {
        slug: "national-gallery", name: "National Gallery",
        summary: "Van Gogh's Sunflowers and Turner's Temeraire for free on Trafalgar Square.",
        description: "Pick a few rooms rather than trying to see everything. Don't miss the Arnolfini Portrait and the Rokeby Venus. The Sainsbury Wing holds the early Renaissance works.",
        lat: 51.50890, lng: -0.12830, address: "Trafalgar Square, London WC2N 5DN", category: "culture",
      },
      {
        slug: "sir-john-soanes-museum", name: "Sir John Soane's Museum",
        summary: "An architect's house crammed with treasures, including an Egyptian sarcophagus.",
        description: "Entry is free, but numbers are limited, so expect a short queue. The picture room with its hinged walls of Hogarth paintings is a marvel. Candlelit evening openings are magical; book ahead.",
        lat: 51.51700, lng: -0.11740, address: "13 Lincoln's Inn Fields, London WC2A 3BP", category: "culture", visibility: "premium",
      },
      {
        slug: "victoria-and-albert-museum", name: "Victoria and Albert Museum",
        summary: "Design, fashion and the most beautiful museum café in London.",
        description: "The cast courts are astonishing. Have tea in the Morris, Gamble and Poynter rooms, the world's first museum café. Entry is free.",
        lat: 51.49660, lng: -0.17220, address: "Cromwell Road, London SW7 2RL", category: "culture",
      },
      {
        slug: "parliament-hill", name: "Parliament Hill, Hampstead Heath",
        summary: "The whole skyline laid out in front of you from a bench on the Heath.",
        description: "Go on a clear evening and pick out St Paul's and the Shard. Swim in the ponds in summer. The Lido is nearby for a heated dip.",
        lat: 51.55960, lng: -0.16000, address: "Parliament Hill, Hampstead Heath, London NW5", category: "nature",
      },
      {
        slug: "primrose-hill", name: "Primrose Hill",
        summary: "A grassy hill with a famous skyline view, next to Regent's Park.",
        description: "Walk up from Regent's Park at sunset. The surrounding streets have lovely pastel houses. Grab a coffee on Regent's Park Road.",
        lat: 51.53960, lng: -0.16090, address: "Prince Albert Road, London NW1 4NR", category: "nature",
      },
      {
        slug: "columbia-road-flower-market", name: "Columbia Road Flower Market",
        summary: "Sunday morning bustle with traders calling out prices for armfuls of flowers.",
        description: "Arrive by 9am for the best selection, or near closing for bargains. The small shops along the street are lovely. Grab a bagel on Brick Lane afterwards.",
        lat: 51.52920, lng: -0.06990, address: "Columbia Road, London E2", category: "markets",
      },
      {
        slug: "broadway-market", name: "Broadway Market",
        summary: "Hackney's Saturday food market, by the canal and London Fields.",
        description: "Try the Scotch eggs and grab a coffee. Walk to London Fields for a picnic. The bookshop on the street is excellent.",
        lat: 51.53610, lng: -0.06150, address: "Broadway Market, London E8", category: "markets",
      },
      {
        slug: "dishoom-shoreditch", name: "Dishoom Shoreditch",
        summary: "Bombay café food, and a bacon naan roll breakfast that ruins all others.",
        description: "Breakfast is the best time to go without a long wait. Order the bacon naan roll and a chai. The house black daal is a must at dinner.",
        lat: 51.52450, lng: -0.07690, address: "7 Boundary Street, London E2 7JE", category: "food",
      },
      {
        slug: "st-john", name: "St. JOHN",
        summary: "Nose-to-tail cooking in a whitewashed former smokehouse near Smithfield.",
        description: "Order the roast bone marrow and parsley salad. Finish with an Eccles cake and Lancashire cheese. The bar serves simpler plates and wine.",
        lat: 51.52040, lng: -0.10140, address: "26 St John Street, London EC1M 4AY", category: "food",
      },
      {
        slug: "beigel-bake", name: "Beigel Bake",
        summary: "Salt beef bagels on Brick Lane, served 24 hours a day.",
        description: "Order the salt beef bagel with mustard. It's cheap and always busy. Cash is appreciated.",
        lat: 51.52450, lng: -0.07180, address: "159 Brick Lane, London E1 6SB", category: "food",
      },
      {
        slug: "padella", name: "Padella",
        summary: "Hand-rolled pasta at low prices by Borough Market; the queue is part of the fun.",
        description: "Join the virtual queue and have a drink nearby. Order the pici cacio e pepe and the beef shin ragu. The tagliarini with butter and sage is simple perfection.",
        lat: 51.50570, lng: -0.09060, address: "6 Southwark Street, London SE1 1TQ", category: "food",
      },
      {
        slug: "monmouth-coffee-covent-garden", name: "Monmouth Coffee",
        summary: "The original Monmouth shop in Covent Garden, cramped and perfect.",
        description: "Order a filter of the day. Buy beans to take home. It's small, so take away.",
        lat: 51.51440, lng: -0.12700, address: "27 Monmouth Street, London WC2H 9EU", category: "coffee",
      },
      {
        slug: "prufrock-coffee", name: "Prufrock Coffee",
        summary: "A pioneering specialty café on Leather Lane with a busy lunch market outside.",
        description: "Order a flat white. The Leather Lane street market sells lunch on weekdays. The café also runs barista training.",
        lat: 51.51990, lng: -0.10960, address: "23-25 Leather Lane, London EC1N 7TE", category: "coffee",
      },
      {
        slug: "churchill-arms", name: "The Churchill Arms",
        summary: "A Kensington pub smothered in flowers, with a Thai kitchen at the back.",
        description: "Come for a pint and Thai food in the conservatory. The exterior is spectacular in summer. The interior is full of Churchill memorabilia.",
        lat: 51.50700, lng: -0.19480, address: "119 Kensington Church Street, London W8 7LN", category: "bars",
      },
      {
        slug: "ye-olde-cheshire-cheese", name: "Ye Olde Cheshire Cheese",
        summary: "A warren of dark rooms on Fleet Street, rebuilt after the Great Fire of 1666.",
        description: "Explore the vaulted cellars. Dickens and Dr Johnson drank here. A Samuel Smith's pub, so prices are low.",
        lat: 51.51440, lng: -0.10700, address: "145 Fleet Street, London EC4A 2BU", category: "bars",
      },
      {
        slug: "lamb-and-flag", name: "The Lamb and Flag",
        summary: "A tiny, ancient pub in a Covent Garden alley, packed with after-work drinkers.",
        description: "Get a pint and stand in the alley with the crowd. The upstairs room is quieter. It has a long history of bare-knuckle fights.",
        lat: 51.51180, lng: -0.12610, address: "33 Rose Street, London WC2E 9EB", category: "bars",
      },
      {
        slug: "sky-garden", name: "Sky Garden",
        summary: "A free indoor garden at the top of the Walkie-Talkie with panoramic views.",
        description: "Book a free slot online in advance. Sunset slots go quickly. There's a bar and restaurant at the top.",
        lat: 51.51120, lng: -0.08360, address: "20 Fenchurch Street, London EC3M 8AF", category: "sights",
      },
      {
        slug: "st-pauls-cathedral", name: "St Paul's Cathedral",
        summary: "Wren's dome: climb to the Golden Gallery for the best view of the City.",
        description: "Test the acoustics in the Whispering Gallery. Evensong is free and beautiful. The crypt holds Nelson and Wellington.",
        lat: 51.51380, lng: -0.09840, address: "St. Paul's Churchyard, London EC4M 8AD", category: "architecture",
      },
      {
        slug: "barbican-centre", name: "Barbican Centre",
        summary: "A brutalist utopia I never tire of, with a tropical conservatory hidden inside.",
        description: "Wander the lakeside terrace and the highwalks. The conservatory opens on selected days, so check. Catch a concert or a film.",
        lat: 51.52010, lng: -0.09380, address: "Silk Street, London EC2Y 8DS", category: "architecture",
      },
      {
        slug: "leadenhall-market", name: "Leadenhall Market",
        summary: "A painted Victorian arcade in the City, perfect for a lunchtime wander.",
        description: "It's best on weekdays when the City workers are around. The roof is beautifully painted. It appeared in Harry Potter.",
        lat: 51.51280, lng: -0.08340, address: "Gracechurch Street, London EC3V 1LT", category: "architecture",
      },
      {
        slug: "tower-of-london", name: "Tower of London",
        summary: "Crown Jewels, ravens and a Yeoman Warder tour full of grisly stories.",
        description: "Go straight to the Crown Jewels on arrival. The Yeoman Warder tours are free and fun. Allow at least three hours.",
        lat: 51.50810, lng: -0.07590, address: "London EC3N 4AB", category: "sights",
      },
      {
        slug: "liberty-london", name: "Liberty London",
        summary: "A mock-Tudor department store with prints, fabrics and a fantastic haberdashery.",
        description: "Look at the wooden galleries and atrium. The fabric department is famous. The Christmas shop opens early.",
        lat: 51.51390, lng: -0.14000, address: "Regent Street, London W1B 5AH", category: "shopping",
      },
      {
        slug: "daunt-books-marylebone", name: "Daunt Books Marylebone",
        summary: "An Edwardian bookshop with oak galleries and books arranged by country.",
        description: "The travel section is excellent. The long skylit room is gorgeous. Marylebone High Street is lovely for a stroll.",
        lat: 51.52040, lng: -0.15190, address: "83-84 Marylebone High Street, London W1U 4QW", category: "shopping", visibility: "premium",
      },
      {
        slug: "kew-gardens", name: "Kew Gardens",
        summary: "A whole day of glasshouses, treetop walkways and rare plants.",
        description: "Visit the Palm House and the Temperate House. Walk the treetop walkway. Spring is stunning.",
        lat: 51.47870, lng: -0.29560, address: "Kew, Richmond, London TW9 3AE", category: "nature",
      },
      {
        slug: "portobello-road-market", name: "Portobello Road Market",
        summary: "The Saturday antique market in Notting Hill, with colourful houses all around.",
        description: "Saturday is the main antiques day. Arrive early. The food stalls are further north.",
        lat: 51.51540, lng: -0.20500, address: "Portobello Road, London W11", category: "markets",
      },
      {
        slug: "kyoto-garden", name: "Kyoto Garden, Holland Park",
        summary: "A Japanese garden with a waterfall, koi and peacocks in Holland Park.",
        description: "It's free and peaceful. Look for the peacocks. Best in autumn for the maples.",
        lat: 51.50290, lng: -0.20370, address: "Holland Park, London W8", category: "nature",
      },
      {
        slug: "royal-observatory-greenwich", name: "Royal Observatory Greenwich",
        summary: "Stand on the Prime Meridian and enjoy the view from the park.",
        description: "The view from the top of Greenwich Park is superb. Arrive by Thames Clipper. The planetarium is fun for kids.",
        lat: 51.47690, lng: -0.00050, address: "Blackheath Avenue, London SE10 8XJ", category: "sights",
      },
      {
        slug: "maltby-street-market", name: "Maltby Street Market",
        summary: "A weekend food market under railway arches, smaller and friendlier than Borough.",
        description: "Open on weekends in the Ropewalk. Try the toasted sandwiches and cocktails. Good for a Saturday lunch.",
        lat: 51.49920, lng: -0.07560, address: "Ropewalk, Maltby Street, London SE1", category: "markets", visibility: "supporters",
      },
      {
        slug: "bar-termini", name: "Bar Termini",
        summary: "A tiny Soho bar with excellent Negronis and proper Italian espresso.",
        description: "Coffee by day, Negronis by night. It's tiny, so book. The Marsala Martini is great.",
        lat: 51.51330, lng: -0.13090, address: "7 Old Compton Street, London W1D 5JE", category: "bars", published: false,
      },
      {
        slug: "gordons-wine-bar", name: "Gordon's Wine Bar",
        summary: "A candlelit cellar wine bar by Embankment, open since 1890.",
        description: "Grab a table in the vaulted cellar or outside in the garden. Order a glass of sherry or port and a cheese plate. It's busy after work.",
        lat: 51.50770, lng: -0.12260, address: "47 Villiers Street, London WC2N 6NE", category: "bars",
      },
    ],
  },
  {
    slug: "amsterdam-canals-and-corners",
    title: "Amsterdam: Canals and Corners",
    summary: "Brown cafés, Golden Age masters, canal-side markets and the ferry-hop to Noord.",
    creator: "sam",
    city: { name: "Amsterdam", countryCode: "NL" },
    spots: [
      {
        slug: "rijksmuseum", name: "Rijksmuseum",
        summary: "The Night Watch is the headline, but the Gallery of Honour is the real treat.",
        description: "Book a timed ticket and go to the Gallery of Honour first, before the groups arrive. Vermeer's Milkmaid and the dolls' houses are highlights. The cycle passage under the building is worth walking through.",
        lat: 52.36000, lng: 4.88520, address: "Museumstraat 1, 1071 XX Amsterdam", category: "culture",
      },
      {
        slug: "van-gogh-museum", name: "Van Gogh Museum",
        summary: "The world's largest Van Gogh collection, best seen chronologically to follow his journey.",
        description: "Tickets must be booked online for a time slot. Follow the floors from his dark early work to the bright Arles canvases. Friday evenings sometimes have music and events.",
        lat: 52.35840, lng: 4.88110, address: "Museumplein 6, 1071 DJ Amsterdam", category: "culture",
      },
      {
        slug: "anne-frank-huis", name: "Anne Frank Huis",
        summary: "The secret annex is small and silent; book the moment tickets are released.",
        description: "Tickets are sold online only, usually six weeks in advance. The visit is moving and well-curated. Allow time afterwards in the reflection space.",
        lat: 52.37520, lng: 4.88390, address: "Westermarkt 20, 1016 GV Amsterdam", category: "culture",
      },
      {
        slug: "vondelpark", name: "Vondelpark",
        summary: "Amsterdam's living room: cyclists, picnics and an open-air theatre in summer.",
        description: "Rent a bike and ride through. The open-air theatre has free performances in summer. The Blauwe Theehuis is a great spot for a drink.",
        lat: 52.35800, lng: 4.86860, address: "Vondelpark, 1071 AA Amsterdam", category: "nature",
      },
      {
        slug: "albert-cuypmarkt", name: "Albert Cuypmarkt",
        summary: "The city's biggest street market, where I always grab a fresh stroopwafel.",
        description: "Open every day except Sunday. Try a fresh stroopwafel, raw herring and Surinamese snacks. Explore De Pijp's cafés afterwards.",
        lat: 52.35570, lng: 4.89440, address: "Albert Cuypstraat, 1073 BD Amsterdam", category: "markets",
      },
      {
        slug: "foodhallen", name: "Foodhallen",
        summary: "An indoor food hall in a former tram depot, great for groups who can't decide.",
        description: "Try the bitterballen from De Ballenbar and dumplings. The De Hallen complex also has a cinema and shops. It gets busy at dinner.",
        lat: 52.36690, lng: 4.86910, address: "Bellamyplein 51, 1053 AT Amsterdam", category: "food",
      },
      {
        slug: "noordermarkt", name: "Noordermarkt",
        summary: "Saturday's organic farmers' market around the Noorderkerk, in the heart of the Jordaan.",
        description: "On Saturdays, organic produce and cheese; on Monday mornings, textiles and second-hand goods. Grab apple pie at Winkel 43 next door. Come early.",
        lat: 52.37900, lng: 4.88600, address: "Noordermarkt, 1015 MV Amsterdam", category: "markets",
      },
      {
        slug: "winkel-43", name: "Winkel 43",
        summary: "Warm apple pie with whipped cream; I'd call it the best in Amsterdam.",
        description: "Order the appeltaart met slagroom. It's busy on market days. The terrace is great for people-watching.",
        lat: 52.37860, lng: 4.88680, address: "Noordermarkt 43, 1015 NA Amsterdam", category: "food",
      },
      {
        slug: "de-negen-straatjes", name: "De Negen Straatjes",
        summary: "Nine little streets between the canals packed with boutiques and cafés.",
        description: "Wander between the Prinsengracht and Singel. Look for vintage shops and specialty stores. Stop for coffee in one of the cafés.",
        lat: 52.37130, lng: 4.88520, address: "Wolvenstraat, Amsterdam", category: "shopping",
      },
      {
        slug: "cafe-t-smalle", name: "Café 't Smalle",
        summary: "A tiny brown café with a canal-side terrace on a pretty Jordaan corner.",
        description: "Grab a seat on the floating terrace in summer. The interior is cosy in winter. It started as a jenever distillery in the 18th century.",
        lat: 52.37720, lng: 4.88410, address: "Egelantiersgracht 12, 1015 RL Amsterdam", category: "bars",
      },
      {
        slug: "brouwerij-t-ij", name: "Brouwerij 't IJ",
        summary: "A brewery next to the De Gooyer windmill, with a busy terrace.",
        description: "Order a flight of their organic beers. The windmill is right next to the brewery. It's busy on sunny afternoons.",
        lat: 52.36660, lng: 4.92640, address: "Funenkade 7, 1018 AL Amsterdam", category: "bars",
      },
      {
        slug: "wynand-fockink", name: "Wynand Fockink",
        summary: "A 17th-century tasting house where you bend over to sip the first jenever.",
        description: "The bartender fills the tulip glass to the brim, so lean in for the first sip. Try the liqueurs too. It's hidden in an alley behind the Dam.",
        lat: 52.37270, lng: 4.89370, address: "Pijlsteeg 31, 1012 HH Amsterdam", category: "bars", visibility: "premium",
      },
      {
        slug: "in-de-wildeman", name: "In de Wildeman",
        summary: "A beer café in an old distillery with a huge list of Belgian and Dutch beers.",
        description: "Ask for a recommendation from the rotating taps. It's a quiet spot for a conversation. No music, just conversation.",
        lat: 52.37640, lng: 4.89490, address: "Kolksteeg 3, 1012 PT Amsterdam", category: "bars",
      },
      {
        slug: "cafe-hoppe", name: "Café Hoppe",
        summary: "A brown café on the Spui serving beer since 1670, with sand on the floor.",
        description: "The old bar has barrels and dark wood. Crowds spill out onto the square after work. Order a jenever.",
        lat: 52.36890, lng: 4.88970, address: "Spui 18-20, 1012 XA Amsterdam", category: "bars",
      },
      {
        slug: "begijnhof", name: "Begijnhof",
        summary: "A hidden medieval courtyard of almshouses right off the busy Spui.",
        description: "Look for Het Houten Huis, one of the oldest wooden houses in the city. Please be quiet, as people live here. Enter through the gate on the Spui.",
        lat: 52.36930, lng: 4.89010, address: "Begijnhof (entrance via Spui), Amsterdam", category: "architecture",
      },
      {
        slug: "eye-filmmuseum", name: "EYE Filmmuseum",
        summary: "A white, angular film museum across the IJ, with a terrace on the water.",
        description: "Take the free ferry from behind Centraal Station. The exhibitions are excellent. The bar-restaurant terrace is great at sunset.",
        lat: 52.38440, lng: 4.90080, address: "IJpromenade 1, 1031 KT Amsterdam", category: "architecture",
      },
      {
        slug: "adam-lookout", name: "A'DAM Lookout",
        summary: "A rooftop with a swing over the edge, twenty floors above the IJ.",
        description: "Take the free ferry from Centraal to Buiksloterweg. The swing is optional but thrilling. The views are great at sunset.",
        lat: 52.38420, lng: 4.90230, address: "Overhoeksplein 5, 1031 KS Amsterdam", category: "sights",
      },
      {
        slug: "ndsm-werf", name: "NDSM Wharf",
        summary: "A former shipyard with street art, a monthly flea market and waterfront cafés.",
        description: "Take the free ferry from Centraal Station. The IJ-Hallen flea market is one of Europe's biggest. Pllek has a beach bar.",
        lat: 52.40100, lng: 4.89200, address: "NDSM-Plein 28, Amsterdam", category: "culture",
      },
      {
        slug: "stedelijk-museum", name: "Stedelijk Museum",
        summary: "Modern and contemporary art in a building nicknamed the bathtub.",
        description: "The collection of design and De Stijl is excellent. Don't miss Mondrian and Malevich. The shop is great.",
        lat: 52.35800, lng: 4.87990, address: "Museumplein 10, 1071 DJ Amsterdam", category: "culture",
      },
      {
        slug: "koninklijk-paleis", name: "Koninklijk Paleis Amsterdam",
        summary: "The Royal Palace on Dam Square, with a marble citizens' hall of cosmic scale.",
        description: "The audio guide is included. The Citizens' Hall floor has maps of the world. It's closed during royal events.",
        lat: 52.37310, lng: 4.89130, address: "Dam, 1012 RJ Amsterdam", category: "architecture",
      },
      {
        slug: "het-scheepvaartmuseum", name: "Het Scheepvaartmuseum",
        summary: "A maritime museum with a replica VOC ship moored outside.",
        description: "Climb aboard the replica ship Amsterdam. The glass roof of the courtyard is striking. Good for families.",
        lat: 52.37170, lng: 4.91500, address: "Kattenburgerplein 1, 1018 KK Amsterdam", category: "culture",
      },
      {
        slug: "museum-het-rembrandthuis", name: "Museum Het Rembrandthuis",
        summary: "Rembrandt's own house and studio, where I always stay for the etching demonstration.",
        description: "See how he lived and worked. The etching demonstrations are fascinating. The museum is small but charming.",
        lat: 52.36940, lng: 4.90110, address: "Jodenbreestraat 4, 1011 NK Amsterdam", category: "culture",
      },
      {
        slug: "westerkerk", name: "Westerkerk",
        summary: "Climb the tower for the best view over the Jordaan's canals.",
        description: "The tower tours run in season and are guided. Rembrandt is buried in the church. The carillon plays every quarter hour.",
        lat: 52.37460, lng: 4.88410, address: "Prinsengracht 281, 1016 GW Amsterdam", category: "architecture",
      },
      {
        slug: "bloemenmarkt", name: "Bloemenmarkt",
        summary: "The floating flower market on the Singel, best for tulip bulbs to take home.",
        description: "Check that bulbs are certified for export. It's touristy but pretty. Open daily.",
        lat: 52.36680, lng: 4.89190, address: "Singel, 1012 DH Amsterdam", category: "markets",
      },
      {
        slug: "het-scheepvaarthuis", name: "Het Scheepvaarthuis",
        summary: "The first Amsterdam School building, with an astonishing maritime interior.",
        description: "Now a hotel, you can see the stairwell and stained glass. Have a drink in the bar. It's a true hidden gem.",
        lat: 52.37430, lng: 4.90460, address: "Prins Hendrikkade 108, 1011 AK Amsterdam", category: "architecture", visibility: "premium",
      },
      {
        slug: "cafe-de-jaren", name: "Café de Jaren",
        summary: "A grand café with a big terrace on the Amstel and a reading table.",
        description: "Grab a newspaper and a coffee. The terrace overlooks the Amstel. It's good value for lunch.",
        lat: 52.36770, lng: 4.89570, address: "Nieuwe Doelenstraat 20-22, 1012 CP Amsterdam", category: "coffee",
      },
      {
        slug: "lot-sixty-one", name: "Lot Sixty One Coffee Roasters",
        summary: "A roaster on Kinkerstraat serving excellent flat whites.",
        description: "Sit on the bench outside. Watch the roaster working. It's near the Foodhallen.",
        lat: 52.36610, lng: 4.87060, address: "Kinkerstraat 112, 1053 ED Amsterdam", category: "coffee",
      },
      {
        slug: "back-to-black", name: "Back to Black",
        summary: "A cosy coffee spot on a quiet street near the Rijksmuseum.",
        description: "Order a latte and a slice of cake. It's friendly and relaxed. Good for a break between museums.",
        lat: 52.36170, lng: 4.88740, address: "Weteringstraat 48, 1017 SP Amsterdam", category: "coffee", visibility: "supporters",
      },
      {
        slug: "vleminckx-de-sausmeester", name: "Vleminckx de Sausmeester",
        summary: "Hand-cut fries from a hole-in-the-wall, with a long list of sauces.",
        description: "Order a cone with mayonnaise or the satay sauce. There's always a queue. Eat standing in the street.",
        lat: 52.36750, lng: 4.89030, address: "Voetboogstraat 33, 1012 XK Amsterdam", category: "food",
      },
      {
        slug: "restaurant-moeders", name: "Restaurant Moeders",
        summary: "Traditional Dutch food in a room covered with photos of guests' mothers.",
        description: "Order stamppot or the Dutch tasting platter. Bring a photo of your mother to add. Book ahead.",
        lat: 52.37300, lng: 4.87550, address: "Rozengracht 251, 1016 SX Amsterdam", category: "food",
      },
      {
        slug: "hortus-botanicus", name: "Hortus Botanicus",
        summary: "One of the world's oldest botanical gardens, with a tropical glasshouse.",
        description: "The palm house and butterfly house are highlights. The orangery café is a pleasant stop. It's in the Plantage area near Artis zoo.",
        lat: 52.36660, lng: 4.90820, address: "Plantage Middenlaan 2a, 1018 DD Amsterdam", category: "nature",
      },
      {
        slug: "westergasfabriek", name: "Westerpark and Westergasfabriek",
        summary: "A former gasworks turned cultural park with markets, bars and cinema.",
        description: "Check for weekend markets and festivals. The park is great for a walk. The brewery and restaurants are good.",
        lat: 52.38590, lng: 4.87470, address: "Pazzanistraat 33, Amsterdam", category: "nature",
      },
      {
        slug: "tuschinski", name: "Pathé Tuschinski",
        summary: "A 1921 cinema palace mixing art deco and art nouveau, still showing films.",
        description: "Watch a film in the main hall for the full effect. The lobby alone is worth a look. Book the luxury seats for a treat.",
        lat: 52.36640, lng: 4.89470, address: "Reguliersbreestraat 26-34, 1017 CN Amsterdam", category: "architecture",
      },
    ],
  },
  {
    slug: "tokyo-quiet-corners",
    title: "Tokyo: Quiet Corners and Neon Alleys",
    summary: "Edo gardens, old kissaten, temple mornings and the tiny bars of Shinjuku and Shibuya.",
    creator: "yuki",
    city: { name: "Tokyo", countryCode: "JP" },
    spots: [
      {
        slug: "senso-ji", name: "Sensō-ji (浅草寺)",
        summary: "Tokyo's oldest temple is at its most peaceful at dawn or after dark.",
        description: "Walk through the Kaminarimon gate and along Nakamise-dōri for snacks like ningyō-yaki. The main hall is open early, and the grounds never close, so come back at night when it's lit up. Try drawing an omikuji fortune.",
        lat: 35.71480, lng: 139.79670, address: "2-3-1 Asakusa, Taito City, Tokyo 111-0032", category: "sights",
      },
      {
        slug: "meiji-jingu", name: "Meiji Jingu (明治神宮)",
        summary: "A forest shrine a few minutes from Harajuku that feels miles from the city.",
        description: "Walk the gravel path under the huge torii and past the wall of sake barrels. Mornings are calm and you may see a traditional wedding procession. The inner garden with its iris field is lovely in June.",
        lat: 35.67640, lng: 139.69930, address: "1-1 Yoyogikamizonocho, Shibuya City, Tokyo 151-8557", category: "sights",
      },
      {
        slug: "tsukiji-outer-market", name: "Tsukiji Outer Market (築地場外市場)",
        summary: "The inner market moved, but the outer market's food stalls are still a morning joy.",
        description: "Come hungry before 10am. Try tamagoyaki on a stick, fresh oysters and a bowl of kaisendon. Many shops close early afternoon and on Sundays and Wednesdays.",
        lat: 35.66540, lng: 139.77070, address: "4-16-2 Tsukiji, Chuo City, Tokyo 104-0045", category: "markets",
      },
      {
        slug: "shinjuku-gyoen", name: "Shinjuku Gyoen (新宿御苑)",
        summary: "French, English and Japanese gardens in one park, perfect in cherry blossom season.",
        description: "There's a small entry fee and alcohol is not allowed, which keeps it calm. The Japanese garden with its teahouse is my favourite part. Check closing times, which are early.",
        lat: 35.68520, lng: 139.71000, address: "11 Naitomachi, Shinjuku City, Tokyo 160-0014", category: "nature",
      },
      {
        slug: "yanaka-ginza", name: "Yanaka Ginza (谷中銀座)",
        summary: "An old-fashioned shopping street with croquette stalls, cats and sunset steps.",
        description: "Start at the Yūyake Dandan steps at sunset and walk down. Try menchi-katsu from one of the butcher shops. The surrounding Yanaka area has temples and old wooden houses.",
        lat: 35.72760, lng: 139.76630, address: "3-13-1 Yanaka, Taito City, Tokyo 110-0001", category: "shopping",
      },
      {
        slug: "omoide-yokocho", name: "Omoide Yokocho (思い出横丁)",
        summary: "Smoky yakitori alleys by the tracks in Shinjuku, best for a quick skewer and beer.",
        description: "Squeeze into a counter seat and order a few skewers and a beer. Many places are tiny and some have seat charges. Go early evening for a seat.",
        lat: 35.69300, lng: 139.69970, address: "1-2 Nishishinjuku, Shinjuku City, Tokyo 160-0023", category: "bars",
      },
      {
        slug: "golden-gai", name: "Shinjuku Golden Gai (ゴールデン街)",
        summary: "Some two hundred tiny bars in six narrow alleys, each with its own personality.",
        description: "Many bars have a cover charge, which is usually posted at the door. Some are regulars-only, so look for signs welcoming visitors. Go after 9pm.",
        lat: 35.69390, lng: 139.70480, address: "1-1 Kabukicho, Shinjuku City, Tokyo 160-0021", category: "bars",
      },
      {
        slug: "tokyo-national-museum", name: "Tokyo National Museum (東京国立博物館)",
        summary: "The finest collection of Japanese art anywhere, in Ueno Park.",
        description: "Start in the Honkan main building for a tour of Japanese art history. The Gallery of Hōryū-ji Treasures is serene. The garden opens seasonally.",
        lat: 35.71890, lng: 139.77650, address: "13-9 Uenokoen, Taito City, Tokyo 110-8712", category: "culture",
      },
      {
        slug: "ueno-park", name: "Ueno Park (上野恩賜公園)",
        summary: "Museums, temples and a lotus pond in one big park.",
        description: "Walk around Shinobazu Pond and visit the Bentendō temple. In spring the cherry blossoms are spectacular. The museums are clustered at the north end.",
        lat: 35.71480, lng: 139.77340, address: "Uenokoen, Taito City, Tokyo 110-0007", category: "nature",
      },
      {
        slug: "ameyoko", name: "Ameya-Yokochō (アメ横)",
        summary: "A noisy market street under the train tracks, full of snacks and bargains.",
        description: "Try fresh fruit on sticks and seafood bowls. It was a black market after the war. Great for cheap snacks and people-watching.",
        lat: 35.71040, lng: 139.77470, address: "4 Ueno, Taito City, Tokyo 110-0005", category: "markets",
      },
      {
        slug: "mori-art-museum", name: "Mori Art Museum (森美術館)",
        summary: "Contemporary art on the 53rd floor, with Tokyo City View around it.",
        description: "The museum is open late most nights. Combine with the observation deck. The exhibitions are ambitious and well curated.",
        lat: 35.66050, lng: 139.72920, address: "Roppongi Hills Mori Tower 53F, 6-10-1 Roppongi, Minato City, Tokyo 106-6150", category: "culture",
      },
      {
        slug: "teamlab-planets", name: "teamLab Planets TOKYO",
        summary: "Wade barefoot through water and light in this immersive digital art space.",
        description: "Book tickets in advance for a time slot. Wear shorts or trousers you can roll up. The garden section is beautiful.",
        lat: 35.64900, lng: 139.78980, address: "6-1-16 Toyosu, Koto City, Tokyo 135-0061", category: "culture",
      },
      {
        slug: "shibuya-crossing", name: "Shibuya Scramble Crossing (渋谷スクランブル交差点)",
        summary: "The world's busiest crossing, best watched from above.",
        description: "Watch from the Shibuya Sky deck or from a café window. Cross it yourself at least once. Night is the most atmospheric.",
        lat: 35.65950, lng: 139.70050, address: "Outside Shibuya Station (Hachikō Exit), Shibuya City, Tokyo 150-0043", category: "sights",
      },
      {
        slug: "nezu-museum", name: "Nezu Museum (根津美術館)",
        summary: "Kengo Kuma's bamboo-lined entrance leads to art and a perfect hillside garden.",
        description: "The garden with its teahouses and stone lanterns is a must. The collection includes Ogata Kōrin's Irises screen, shown each spring. The café overlooks the garden.",
        lat: 35.66270, lng: 139.71700, address: "6-5-1 Minamiaoyama, Minato City, Tokyo 107-0062", category: "culture", visibility: "premium",
      },
      {
        slug: "hama-rikyu", name: "Hama-rikyu Gardens (浜離宮恩賜庭園)",
        summary: "A former shogun's garden by the bay, with a teahouse on a tidal pond.",
        description: "Have matcha and a sweet in the Nakajima teahouse. Watch the skyscrapers rise behind the pines. You can take a water bus from here to Asakusa.",
        lat: 35.65990, lng: 139.76370, address: "1-1 Hamarikyuteien, Chuo City, Tokyo 104-0046", category: "nature",
      },
      {
        slug: "imperial-palace-east-gardens", name: "Imperial Palace East Gardens (皇居東御苑)",
        summary: "Free gardens on the site of Edo Castle, with massive stone walls.",
        description: "Climb the old castle keep foundation for a view. The Ninomaru garden is beautiful in spring and autumn. It's closed on Mondays and Fridays.",
        lat: 35.68520, lng: 139.75510, address: "1-1 Chiyoda, Chiyoda City, Tokyo 100-8111", category: "nature",
      },
      {
        slug: "koishikawa-korakuen", name: "Koishikawa Kōrakuen (小石川後楽園)",
        summary: "One of Tokyo's oldest gardens, with a full-moon bridge and autumn maples.",
        description: "The Engetsu-kyō bridge forms a full circle with its reflection. Autumn maples and spring plum blossoms are highlights. It's next to Tokyo Dome, yet feels a world away.",
        lat: 35.70560, lng: 139.74970, address: "1-6-6 Koraku, Bunkyo City, Tokyo 112-0004", category: "nature", visibility: "premium",
      },
      {
        slug: "nezu-jinja", name: "Nezu Shrine (根津神社)",
        summary: "A red torii tunnel and an azalea festival, without the Kyoto crowds.",
        description: "Walk through the tunnel of small red torii on the hillside. In April the azalea festival fills the slope with colour. Combine with a walk in Yanaka.",
        lat: 35.72010, lng: 139.76080, address: "1-28-9 Nezu, Bunkyo City, Tokyo 113-0031", category: "sights",
      },
      {
        slug: "kappabashi", name: "Kappabashi Dōgu Street (かっぱ橋道具街)",
        summary: "Kitchen town: knives, lacquerware and plastic food samples.",
        description: "Shop for knives and ceramics. The plastic food samples make fun souvenirs. Many shops close on Sundays.",
        lat: 35.71330, lng: 139.78800, address: "Kappabashi Dōgu-gai, Matsugaya 3-chome, Taito City, Tokyo 111-0036", category: "shopping",
      },
      {
        slug: "itoya-ginza", name: "Ginza Itoya (銀座伊東屋)",
        summary: "Twelve floors of stationery, topped by a lettuce farm and a café.",
        description: "Browse the paper floor and the fountain pens. Write a postcard and post it from the shop. The café on the top floor uses the lettuces.",
        lat: 35.67310, lng: 139.76600, address: "2-7-15 Ginza, Chuo City, Tokyo 104-0061", category: "shopping",
      },
      {
        slug: "kabuki-za", name: "Kabuki-za (歌舞伎座)",
        summary: "Watch a single act of kabuki with a same-day ticket from the top gallery.",
        description: "Single-act tickets (hitomakumi) are sold on the day. Rent the English guide. The rooftop garden is free.",
        lat: 35.66950, lng: 139.76790, address: "4-12-15 Ginza, Chuo City, Tokyo 104-0061", category: "culture",
      },
      {
        slug: "tokyo-station-marunouchi", name: "Tokyo Station Marunouchi Building (東京駅丸の内駅舎)",
        summary: "The restored red-brick station of 1914, with domed halls.",
        description: "Look up at the domes in the north and south exits. The KITTE building rooftop opposite has a great view of it. The station hotel is stunning.",
        lat: 35.68120, lng: 139.76710, address: "1-9-1 Marunouchi, Chiyoda City, Tokyo 100-0005", category: "architecture",
      },
      {
        slug: "yoyogi-national-gymnasium", name: "Yoyogi National Gymnasium (国立代々木競技場)",
        summary: "Kenzo Tange's 1964 Olympic arena, with its swooping suspended roof.",
        description: "Walk around it to appreciate the curves. Combine with Yoyogi Park and Meiji Jingu. It's a masterpiece of modern architecture.",
        lat: 35.66760, lng: 139.70010, address: "2-1-1 Jinnan, Shibuya City, Tokyo 150-0041", category: "architecture",
      },
      {
        slug: "tokyo-skytree", name: "Tokyo Skytree (東京スカイツリー)",
        summary: "The tallest tower in Japan, with Mount Fuji visible on clear winter days.",
        description: "Go early on a clear day. The Tembo Galleria spiral ramp is the highest point. Combine with a visit to Asakusa.",
        lat: 35.71010, lng: 139.81070, address: "1-1-2 Oshiage, Sumida City, Tokyo 131-0045", category: "sights",
      },
      {
        slug: "blue-bottle-kiyosumi", name: "Blue Bottle Coffee Kiyosumi-Shirakawa",
        summary: "Blue Bottle's first café in Japan, in a converted warehouse.",
        description: "Order a pour-over and watch the roasters. The area has other great coffee shops. Combine with the Museum of Contemporary Art Tokyo.",
        lat: 35.68030, lng: 139.80130, address: "1-4-8 Hirano, Koto City, Tokyo 135-0023", category: "coffee",
      },
      {
        slug: "fuglen-tokyo", name: "Fuglen Tokyo",
        summary: "An Oslo coffee bar in Tomigaya with vintage Norwegian furniture and cocktails at night.",
        description: "Light-roast coffee by day, cocktails by night. The vintage furniture is for sale. Sit on the bench outside.",
        lat: 35.66640, lng: 139.69220, address: "1-16-11 Tomigaya, Shibuya City, Tokyo 151-0063", category: "coffee",
      },
      {
        slug: "kayaba-coffee", name: "Kayaba Coffee (カヤバ珈琲)",
        summary: "A 1930s kissaten in an old wooden house, famous for its egg sandwich.",
        description: "Order the tamago sando and the Russian (coffee and cocoa). The upstairs tatami room is cosy. It's a good stop on a Yanaka walk.",
        lat: 35.72040, lng: 139.76990, address: "6-1-29 Yanaka, Taito City, Tokyo 110-0001", category: "coffee", visibility: "supporters",
      },
      {
        slug: "cafe-de-lambre", name: "Café de l'Ambre (カフェ・ド・ランブル)",
        summary: "A dim Ginza kissaten that has served only coffee, some from aged beans, since 1948.",
        description: "Order the Blanc et Noir, a sweet iced coffee served in a champagne glass. Sit at the counter to watch the flannel-drip technique. It's a true time capsule.",
        lat: 35.66830, lng: 139.76070, address: "8-10-15 Ginza, Chuo City, Tokyo 104-0061", category: "coffee",
      },
      {
        slug: "tonkatsu-maisen-aoyama", name: "Tonkatsu Maisen Aoyama (まい泉 青山本店)",
        summary: "Crisp pork cutlets served in a converted public bathhouse in Omotesando.",
        description: "Order the Kurobuta pork set. The dining room in the old bathhouse is the best seat. The takeaway katsu sandos make a great picnic.",
        lat: 35.66700, lng: 139.71190, address: "4-8-5 Jingumae, Shibuya City, Tokyo 150-0001", category: "food",
      },
      {
        slug: "nonbei-yokocho", name: "Nonbei Yokocho (のんべい横丁)",
        summary: "Drunkard's Alley: a few dozen tiny bars by the Shibuya tracks.",
        description: "Each bar seats only a handful of guests. Some charge a cover. It's a calmer alternative to Golden Gai.",
        lat: 35.65890, lng: 139.70330, address: "1-25 Shibuya, Shibuya City, Tokyo 150-0002", category: "bars",
      },
      {
        slug: "gotokuji", name: "Gōtoku-ji (豪徳寺)",
        summary: "The temple of a thousand beckoning cats, said to be the maneki-neko's birthplace.",
        description: "Buy a small cat figure and leave it with the others. The pagoda has cats carved into it. Take the Setagaya tram line for a retro ride.",
        lat: 35.64870, lng: 139.64720, address: "2-24-7 Gotokuji, Setagaya City, Tokyo 154-0021", category: "sights",
      },
      {
        slug: "nakameguro-meguro-river", name: "Meguro River, Nakameguro (目黒川)",
        summary: "A canal lined with cherry trees, cafés and small boutiques.",
        description: "In early April the cherry blossoms create a pink tunnel. The rest of the year, it's great for a walk and coffee. The area has great independent shops.",
        lat: 35.64430, lng: 139.69920, address: "1 Kamimeguro, Meguro City, Tokyo 153-0051", category: "nature",
      },
      {
        slug: "ghibli-museum", name: "Ghibli Museum (三鷹の森ジブリ美術館)",
        summary: "A whimsical museum in Mitaka, designed by Hayao Miyazaki himself.",
        description: "Tickets must be bought in advance for a set date and time. Don't miss the exclusive short film. Walk through Inokashira Park from Kichijōji to get there.",
        lat: 35.69620, lng: 139.57040, address: "1-1-83 Shimorenjaku, Mitaka, Tokyo 181-0013", category: "culture",
      },
    ],
  },
  {
    slug: "new-york-neighborhood-classics",
    title: "New York Neighborhood Classics",
    summary: "Delis, dive bars, slices and skylines across Manhattan, Brooklyn and the Bronx, the way a local does it.",
    creator: "maya",
    city: { name: "New York", countryCode: "US" },
    spots: [
      {
        slug: "the-met", name: "The Metropolitan Museum of Art",
        summary: "I pick one wing per visit and always end at the Temple of Dendur.",
        description: "The Egyptian wing and the Temple of Dendur's glass hall are the classic route; the arms and armor galleries are a surprise hit. In warm months the roof garden bar has Central Park views. Friday and Saturday late hours are the calmest.",
        lat: 40.77940, lng: -73.96320, address: "1000 Fifth Avenue, New York, NY 10028", category: "culture",
      },
      {
        slug: "katzs-delicatessen", name: "Katz's Delicatessen",
        summary: "Hand-carved pastrami on rye since 1888; hold on to your ticket.",
        description: "Take a ticket at the door, order at the carving counter and tip the carver for a taste. The pastrami on rye with mustard is the one. Don't lose the ticket, or you'll pay a fine on the way out.",
        lat: 40.72230, lng: -73.98740, address: "205 East Houston Street, New York, NY 10002", category: "food",
      },
      {
        slug: "the-high-line", name: "The High Line",
        summary: "An elevated railway turned linear park, best walked north from Gansevoort Street.",
        description: "Start at the Whitney end and walk north to Hudson Yards. Weekday mornings are quiet. The planting design by Piet Oudolf changes beautifully through the seasons.",
        lat: 40.73990, lng: -74.00820, address: "820 Washington Street, New York, NY 10014", category: "nature",
      },
      {
        slug: "bethesda-terrace", name: "Bethesda Terrace, Central Park",
        summary: "The heart of Central Park, with the Angel of the Waters fountain and lake views.",
        description: "Look at the tiled ceiling of the arcade beneath the terrace. Rent a rowboat at the Loeb Boathouse nearby. Buskers often play in the arcade.",
        lat: 40.77400, lng: -73.97090, address: "Bethesda Terrace, Central Park, New York, NY 10024", category: "nature",
      },
      {
        slug: "brooklyn-bridge", name: "Brooklyn Bridge",
        summary: "Walk it from Brooklyn towards Manhattan at sunrise, with the skyline ahead of you.",
        description: "Take the subway to High Street and walk back to Manhattan. Stay on the pedestrian side of the promenade. Early morning avoids the crowds.",
        lat: 40.70610, lng: -73.99690, address: "Brooklyn Bridge, New York, NY 10038", category: "architecture",
      },
      {
        slug: "grand-central-terminal", name: "Grand Central Terminal",
        summary: "Look up at the celestial ceiling, then whisper into the corner by the Oyster Bar.",
        description: "The Whispering Gallery outside the Oyster Bar carries voices across the arch. The main concourse is stunning. Have a drink at the Campbell bar.",
        lat: 40.75270, lng: -73.97720, address: "89 East 42nd Street, New York, NY 10017", category: "architecture",
      },
      {
        slug: "moma", name: "MoMA",
        summary: "The Starry Night and Monet's water lilies, plus a sculpture garden for breathing.",
        description: "Go early in the morning and head straight to the fifth floor. The sculpture garden is a calm spot. Members get early access.",
        lat: 40.76140, lng: -73.97760, address: "11 West 53rd Street, New York, NY 10019", category: "culture",
      },
      {
        slug: "guggenheim", name: "Solomon R. Guggenheim Museum",
        summary: "Frank Lloyd Wright's spiral is the main artwork; walk it from top to bottom.",
        description: "Take the lift to the top and spiral down. The Thannhauser collection has great Impressionists. Check for pay-what-you-wish evenings.",
        lat: 40.78300, lng: -73.95900, address: "1071 Fifth Avenue, New York, NY 10128", category: "architecture",
      },
      {
        slug: "russ-and-daughters", name: "Russ & Daughters",
        summary: "The appetizing shop for smoked fish and bagels since 1914.",
        description: "Take a number and order a bagel with lox and cream cheese. The Café on Orchard Street has table service. Great for a classic New York breakfast.",
        lat: 40.72260, lng: -73.98830, address: "179 East Houston Street, New York, NY 10002", category: "food",
      },
      {
        slug: "chelsea-market", name: "Chelsea Market",
        summary: "A food hall in the old Nabisco factory, right under the High Line.",
        description: "Try the tacos at Los Tacos No. 1 and a lobster roll. It's busy at lunchtime. Combine with a walk on the High Line.",
        lat: 40.74240, lng: -74.00600, address: "75 Ninth Avenue, New York, NY 10011", category: "markets",
      },
      {
        slug: "essex-market", name: "Essex Market",
        summary: "The Lower East Side's public market, with vendors from around the world.",
        description: "Graze at the stalls and grab a seat in the mezzanine. It's great for cheese, coffee and snacks. Lively on weekends.",
        lat: 40.71870, lng: -73.98800, address: "88 Essex Street, New York, NY 10002", category: "markets",
      },
      {
        slug: "joes-pizza-carmine", name: "Joe's Pizza",
        summary: "The archetypal New York slice: thin, foldable and eaten standing up.",
        description: "Order a plain cheese slice and fold it. It's fast and cheap. Open late.",
        lat: 40.73060, lng: -74.00210, address: "7 Carmine Street, New York, NY 10014", category: "food",
      },
      {
        slug: "peter-luger", name: "Peter Luger Steak House",
        summary: "The porterhouse for two under the Williamsburg Bridge, with old-school waiters.",
        description: "Order the porterhouse, creamed spinach and German fried potatoes. Book well ahead. Lunch is easier to book, and the burger is a lunchtime secret.",
        lat: 40.70990, lng: -73.96240, address: "178 Broadway, Brooklyn, NY 11211", category: "food", visibility: "premium",
      },
      {
        slug: "di-fara-pizza", name: "Di Fara Pizza",
        summary: "A Midwood legend where each pie is finished with olive oil and fresh basil.",
        description: "Expect a wait. Order a square slice and a round. Take the Q train to Avenue J.",
        lat: 40.62500, lng: -73.96150, address: "1424 Avenue J, Brooklyn, NY 11230", category: "food", visibility: "supporters",
      },
      {
        slug: "the-strand", name: "Strand Book Store",
        summary: "Eighteen miles of new, used and rare books.",
        description: "Browse the dollar carts outside. The rare book room upstairs is special. The tote bags are iconic.",
        lat: 40.73330, lng: -73.99080, address: "828 Broadway, New York, NY 10003", category: "shopping",
      },
      {
        slug: "mcsorleys-old-ale-house", name: "McSorley's Old Ale House",
        summary: "Sawdust floors, two choices of ale and walls hung with a century of memorabilia.",
        description: "Order light or dark; they come in pairs of small mugs. It's cash only. The walls are full of history.",
        lat: 40.72870, lng: -73.98960, address: "15 East 7th Street, New York, NY 10003", category: "bars",
      },
      {
        slug: "bemelmans-bar", name: "Bemelmans Bar",
        summary: "Live piano and murals by the illustrator of Madeline, in the Carlyle hotel.",
        description: "There's a cover charge when the music plays. Order a martini. Dress smart.",
        lat: 40.77450, lng: -73.96350, address: "35 East 76th Street, New York, NY 10021", category: "bars", visibility: "premium",
      },
      {
        slug: "employees-only", name: "Employees Only",
        summary: "A West Village cocktail institution with a psychic by the door.",
        description: "Order a Hemingway daiquiri or a Provence martini. The kitchen serves late. It gets busy after 10pm.",
        lat: 40.73340, lng: -74.00610, address: "510 Hudson Street, New York, NY 10014", category: "bars",
      },
      {
        slug: "please-dont-tell", name: "Please Don't Tell",
        summary: "The speakeasy you enter through a phone booth inside a hot dog shop.",
        description: "Step into the phone booth at Crif Dogs and press the buzzer. Reservations are recommended. The cocktails are excellent.",
        lat: 40.72710, lng: -73.98370, address: "113 St Marks Place, New York, NY 10009", category: "bars",
      },
      {
        slug: "veselka", name: "Veselka",
        summary: "Ukrainian comfort food in the East Village since 1954.",
        description: "Order pierogi, borscht and a stuffed cabbage. It's a classic for breakfast or late-night food. The murals are charming.",
        lat: 40.72900, lng: -73.98720, address: "144 Second Avenue, New York, NY 10003", category: "food",
      },
      {
        slug: "la-colombe-tribeca", name: "La Colombe Tribeca",
        summary: "Strong coffee and the original draft latte in a bright Tribeca corner.",
        description: "Order the draft latte on tap. The space is airy and calm. Great for a morning break.",
        lat: 40.71970, lng: -74.00460, address: "319 Church Street, New York, NY 10013", category: "coffee",
      },
      {
        slug: "devocion-williamsburg", name: "Devoción",
        summary: "Fresh Colombian coffee in a skylit Williamsburg roastery with a living wall.",
        description: "The beans arrive from Colombia within days of harvest. The skylit room with plants is gorgeous. Sit with a pour-over.",
        lat: 40.71630, lng: -73.96470, address: "69 Grand Street, Brooklyn, NY 11249", category: "coffee",
      },
      {
        slug: "brooklyn-bridge-park", name: "Brooklyn Bridge Park",
        summary: "Piers turned into parkland with the best view of Lower Manhattan.",
        description: "Walk from Pier 1 to Jane's Carousel in DUMBO. Sunset is spectacular. Grab a pizza nearby for a picnic.",
        lat: 40.70030, lng: -73.99690, address: "334 Furman Street, Brooklyn, NY 11201", category: "nature",
      },
      {
        slug: "prospect-park", name: "Prospect Park",
        summary: "Olmsted and Vaux's Brooklyn masterpiece, which many think beats Central Park.",
        description: "Walk the Long Meadow and around the lake. Smorgasburg runs here in season. The Saturday greenmarket at Grand Army Plaza is excellent.",
        lat: 40.66020, lng: -73.96900, address: "Grand Army Plaza, Brooklyn, NY 11215", category: "nature",
      },
      {
        slug: "brooklyn-botanic-garden", name: "Brooklyn Botanic Garden",
        summary: "The Japanese garden and the cherry esplanade are breathtaking in spring.",
        description: "Go in late April for the cherry blossoms. The Japanese Hill-and-Pond Garden is one of the oldest in the US. Combine with the Brooklyn Museum next door.",
        lat: 40.66770, lng: -73.96330, address: "990 Washington Avenue, Brooklyn, NY 11225", category: "nature",
      },
      {
        slug: "brooklyn-museum", name: "Brooklyn Museum",
        summary: "A grand Beaux-Arts museum home to Judy Chicago's The Dinner Party.",
        description: "See The Dinner Party and the outstanding Egyptian collection. Check the calendar for its popular evening events with music and talks. The Botanic Garden is right next door.",
        lat: 40.67120, lng: -73.96360, address: "200 Eastern Parkway, Brooklyn, NY 11238", category: "culture",
      },
      {
        slug: "staten-island-ferry", name: "Staten Island Ferry",
        summary: "A free ferry ride past the Statue of Liberty, with the skyline on the way back.",
        description: "Stand on the right side going out for the best Statue views. It runs around the clock. Ride it at sunset.",
        lat: 40.70140, lng: -74.01320, address: "Whitehall Terminal, 4 South Street, New York, NY 10004", category: "sights",
      },
      {
        slug: "the-met-cloisters", name: "The Met Cloisters",
        summary: "Medieval cloisters and the Unicorn Tapestries above the Hudson.",
        description: "The Unicorn Tapestries are the highlight. The gardens are calm. Walk through Fort Tryon Park for great river views.",
        lat: 40.86490, lng: -73.93180, address: "99 Margaret Corbin Drive, New York, NY 10040", category: "culture",
      },
      {
        slug: "top-of-the-rock", name: "Top of the Rock",
        summary: "The observation deck with a view of the Empire State Building and Central Park.",
        description: "Book a sunset slot. The open-air top deck has unobstructed views in every direction. Go on a clear day and book ahead.",
        lat: 40.75920, lng: -73.97930, address: "30 Rockefeller Plaza, New York, NY 10112", category: "sights",
      },
      {
        slug: "chrysler-building", name: "Chrysler Building",
        summary: "The art deco crown with its stainless-steel sunbursts is my favourite skyscraper.",
        description: "The best street view is from Lexington Avenue and 42nd Street. The scalloped spire lights up at night. Spot the eagle gargoyles on the 61st floor from afar.",
        lat: 40.75160, lng: -73.97550, address: "405 Lexington Avenue, New York, NY 10174", category: "architecture",
      },
      {
        slug: "tenement-museum", name: "Tenement Museum",
        summary: "Guided tours of restored immigrant apartments on the Lower East Side.",
        description: "Visits are by guided tour only, so book ahead. Each tour tells the story of a real family. Don't miss the bookshop.",
        lat: 40.71880, lng: -73.99000, address: "103 Orchard Street, New York, NY 10002", category: "culture",
      },
      {
        slug: "arthur-avenue-retail-market", name: "Arthur Avenue Retail Market",
        summary: "The Bronx's Little Italy, with fresh mozzarella and hand-rolled cigars.",
        description: "Eat a sandwich from Mike's Deli inside the market. Buy fresh mozzarella and bread. Combine with the New York Botanical Garden nearby.",
        lat: 40.85520, lng: -73.88770, address: "2344 Arthur Avenue, Bronx, NY 10458", category: "markets",
      },
      {
        slug: "nom-wah-tea-parlor", name: "Nom Wah Tea Parlor",
        summary: "Chinatown's oldest dim sum parlour, on the curved Doyers Street since 1920.",
        description: "Order shrimp dumplings, the original egg roll and turnip cakes. The vintage interior is charming. Go early to avoid waits.",
        lat: 40.71440, lng: -73.99810, address: "13 Doyers Street, New York, NY 10013", category: "food",
      },
    ],
  },
  {
    slug: "mexico-city-centro-to-coyoacan",
    title: "Mexico City, from Centro to Coyoacán",
    summary: "Tacos al pastor, cantinas, murals and modernist houses across the Centro, Roma, Condesa and the south.",
    creator: "maya",
    city: { name: "Mexico City", countryCode: "MX" },
    spots: [
      {
        slug: "museo-nacional-de-antropologia", name: "Museo Nacional de Antropología",
        summary: "The best museum in the Americas; give the Mexica hall a full morning.",
        description: "Head first to the Sala Mexica for the Sun Stone and Coatlicue, then the Maya hall with its tomb replica. The courtyard's giant umbrella fountain is an engineering wonder. It's closed on Mondays.",
        lat: 19.42600, lng: -99.18630, address: "Av. Paseo de la Reforma s/n, Chapultepec Polanco, Miguel Hidalgo, 11560 Ciudad de México", category: "culture",
      },
      {
        slug: "catedral-metropolitana", name: "Catedral Metropolitana",
        summary: "The enormous cathedral on the Zócalo, slowly sinking and leaning into the old lakebed.",
        description: "Notice the pendulum inside that shows how the building is tilting. The bell tower tours give a view over the Zócalo. Visit early before the square fills up.",
        lat: 19.43450, lng: -99.13310, address: "Plaza de la Constitución s/n, Centro, 06000 Ciudad de México", category: "architecture",
      },
      {
        slug: "mercado-de-san-juan", name: "Mercado de San Juan",
        summary: "The chefs' market, where I go for exotic cheeses, produce and the odd insect taco.",
        description: "Try the cheese and charcuterie stalls, which offer tastings. Adventurous eaters can sample grasshoppers and other insects. Go in the morning.",
        lat: 19.43110, lng: -99.14420, address: "Ernesto Pugibet 21, Centro, 06070 Ciudad de México", category: "markets",
      },
      {
        slug: "museo-frida-kahlo", name: "Museo Frida Kahlo (Casa Azul)",
        summary: "Frida's cobalt-blue home in Coyoacán, with her studio and garden intact.",
        description: "Tickets must be bought online in advance. The kitchen, studio and garden are full of personal details. The exhibition of her clothing is fascinating.",
        lat: 19.35520, lng: -99.16250, address: "Londres 247, Del Carmen, Coyoacán, 04100 Ciudad de México", category: "culture",
      },
      {
        slug: "palacio-de-bellas-artes", name: "Palacio de Bellas Artes",
        summary: "An art nouveau palace with murals by Rivera, Siqueiros and Orozco inside.",
        description: "See Rivera's Man, Controller of the Universe on the upper floor. Catch the Ballet Folklórico on Wednesday or Sunday. For the best view of the dome, head to the café terrace across the street.",
        lat: 19.43520, lng: -99.14120, address: "Av. Juárez s/n, Centro, 06050 Ciudad de México", category: "architecture",
      },
      {
        slug: "templo-mayor", name: "Museo del Templo Mayor",
        summary: "The ruins of the Aztec capital's great temple, right beside the cathedral.",
        description: "Walk through the excavated layers of the temple. The museum holds the huge Tlaltecuhtli monolith. Closed on Mondays.",
        lat: 19.43500, lng: -99.13180, address: "Seminario 8, Centro, 06060 Ciudad de México", category: "sights",
      },
      {
        slug: "castillo-de-chapultepec", name: "Castillo de Chapultepec",
        summary: "A hilltop castle with imperial rooms, murals and a view down Reforma.",
        description: "Walk up through the Bosque de Chapultepec. The castle houses the National History Museum. The terrace view is great.",
        lat: 19.42040, lng: -99.18190, address: "Bosque de Chapultepec I Secc, Miguel Hidalgo, 11580 Ciudad de México", category: "sights",
      },
      {
        slug: "casa-luis-barragan", name: "Casa Luis Barragán",
        summary: "The architect's home and studio: light, colour and silence in Tacubaya.",
        description: "Visits are by guided tour only and must be booked well in advance. The staircase without a railing and the rooftop terrace are iconic. No photography without a permit.",
        lat: 19.41180, lng: -99.19110, address: "General Francisco Ramírez 12-14, Ampliación Daniel Garza, Miguel Hidalgo, 11840 Ciudad de México", category: "architecture", visibility: "premium",
      },
      {
        slug: "museo-soumaya", name: "Museo Soumaya",
        summary: "A shimmering, hourglass-shaped museum in Polanco, with a huge Rodin collection.",
        description: "Entry is free. Start at the top floor with the Rodin sculptures under the skylight. The Museo Jumex is right across the plaza.",
        lat: 19.44070, lng: -99.20470, address: "Blvd. Miguel de Cervantes Saavedra 303, Granada, Miguel Hidalgo, 11529 Ciudad de México", category: "architecture",
      },
      {
        slug: "biblioteca-vasconcelos", name: "Biblioteca Vasconcelos",
        summary: "A mega-library with floating bookshelves and a whale skeleton at its heart.",
        description: "Walk up the stacks for the view. Gabriel Orozco's whale skeleton hangs in the central hall. The garden around it is pleasant.",
        lat: 19.44740, lng: -99.15270, address: "Eje 1 Norte Mosqueta s/n, Buenavista, Cuauhtémoc, 06350 Ciudad de México", category: "architecture",
      },
      {
        slug: "palacio-postal", name: "Palacio Postal",
        summary: "A 1907 post office with gilded bronze staircases, still working.",
        description: "Step inside to admire the ironwork and marble. You can still send postcards from here. It's right beside Bellas Artes.",
        lat: 19.43600, lng: -99.14030, address: "Tacuba 1, Centro, 06000 Ciudad de México", category: "architecture",
      },
      {
        slug: "casa-de-los-azulejos", name: "Casa de los Azulejos",
        summary: "An 18th-century palace covered in Puebla tiles, now a Sanborns restaurant.",
        description: "Have breakfast in the courtyard. Look for the Orozco mural on the staircase. Enchiladas suizas were supposedly invented at Sanborns.",
        lat: 19.43440, lng: -99.14050, address: "Av. Francisco I. Madero 4, Centro, 06000 Ciudad de México", category: "architecture",
      },
      {
        slug: "mercado-de-coyoacan", name: "Mercado de Coyoacán",
        summary: "A neighbourhood market famous for its seafood tostadas.",
        description: "Head to the tostada stalls for ceviche and shrimp tostadas. Browse the piñatas and crafts. It's a few blocks from the Casa Azul.",
        lat: 19.35190, lng: -99.16240, address: "Ignacio Allende s/n, Del Carmen, Coyoacán, 04100 Ciudad de México", category: "markets",
      },
      {
        slug: "mercado-de-jamaica", name: "Mercado de Jamaica",
        summary: "A vast flower market bursting with colour, especially before Día de Muertos.",
        description: "Go for the cempasúchil marigolds in late October. The food stalls serve huaraches and quesadillas. It's great for photography.",
        lat: 19.40930, lng: -99.12140, address: "Guillermo Prieto 45, Jamaica, Venustiano Carranza, 15800 Ciudad de México", category: "markets",
      },
      {
        slug: "la-ciudadela", name: "Mercado de Artesanías La Ciudadela",
        summary: "Crafts from all over Mexico under one roof, with fair prices.",
        description: "Look for textiles, alebrijes and Talavera pottery. Bargaining is polite and expected. On weekends, people dance danzón in the nearby plaza.",
        lat: 19.42970, lng: -99.14770, address: "Balderas s/n, Centro, 06040 Ciudad de México", category: "shopping",
      },
      {
        slug: "taqueria-los-cocuyos", name: "Taquería Los Cocuyos",
        summary: "A tiny late-night taco stand with bubbling vats of suadero and campechano.",
        description: "Order suadero or campechano tacos with salsa. It's open late. Stand on the pavement and eat.",
        lat: 19.43140, lng: -99.13940, address: "Bolívar 57, Centro, 06000 Ciudad de México", category: "food",
      },
      {
        slug: "el-califa-de-leon", name: "Taquería El Califa de León",
        summary: "A tiny San Rafael counter whose thin-cut beef taco won a Michelin star.",
        description: "Order the gaonera taco: thin-cut beef with lime and salsa on a fresh tortilla. There's only standing room. Expect a line.",
        lat: 19.43930, lng: -99.15850, address: "Av. Ribera de San Cosme 56, San Rafael, Cuauhtémoc, 06470 Ciudad de México", category: "food",
      },
      {
        slug: "contramar", name: "Contramar",
        summary: "The lively seafood lunch spot in Roma; tuna tostadas first, then the split grilled fish.",
        description: "It's a lunch place, open until early evening. Order the tuna tostadas and the pescado a la talla, half red, half green. Book ahead.",
        lat: 19.41960, lng: -99.16600, address: "Calle de Durango 200, Roma Norte, Cuauhtémoc, 06700 Ciudad de México", category: "food", visibility: "premium",
      },
      {
        slug: "pujol", name: "Pujol",
        summary: "Enrique Olvera's tasting menu, including the famous aged mole madre.",
        description: "Book far ahead. The taco omakase at the bar is a fun alternative. The mole madre, aged for years, is unforgettable.",
        lat: 19.43200, lng: -99.19560, address: "Tennyson 133, Polanco, Miguel Hidalgo, 11570 Ciudad de México", category: "food", visibility: "supporters",
      },
      {
        slug: "el-cardenal", name: "Restaurante El Cardenal",
        summary: "The classic Mexican breakfast, with hot chocolate and conchas filled with cream.",
        description: "Order the hot chocolate and a concha with nata. Try the escamoles in season. Go early on weekends.",
        lat: 19.43380, lng: -99.13530, address: "Calle de la Palma 23, Centro, 06000 Ciudad de México", category: "food",
      },
      {
        slug: "cafe-de-tacuba", name: "Café de Tacuba",
        summary: "A tiled dining room from 1912 serving traditional Mexican dishes.",
        description: "Order the tamales and the hot chocolate. The tiled interior is stunning. Live music plays in the evenings.",
        lat: 19.43620, lng: -99.13820, address: "Tacuba 28, Centro, 06000 Ciudad de México", category: "food",
      },
      {
        slug: "churreria-el-moro", name: "Churrería El Moro",
        summary: "Churros and hot chocolate since 1935, open till late.",
        description: "Order churros with Mexican hot chocolate. The blue-and-white tiled interior is classic. It's a great dessert stop.",
        lat: 19.43280, lng: -99.14160, address: "Eje Central Lázaro Cárdenas 42, Centro, 06000 Ciudad de México", category: "food",
      },
      {
        slug: "panaderia-rosetta", name: "Panadería Rosetta",
        summary: "Elena Reygadas's tiny bakery, home of the famous guava roll.",
        description: "Order the rol de guayaba and a coffee. It's tiny, so take away. Go early before the best pastries sell out.",
        lat: 19.41890, lng: -99.16170, address: "Colima 179, Roma Norte, Cuauhtémoc, 06700 Ciudad de México", category: "food",
      },
      {
        slug: "parque-mexico", name: "Parque México",
        summary: "The leafy oval heart of Condesa, with dog walkers and art deco buildings around it.",
        description: "Walk the loop of Avenida Amsterdam, an old racetrack. Watch the dog-training sessions. The art deco buildings are stunning.",
        lat: 19.41210, lng: -99.16940, address: "Av. México s/n, Hipódromo, Cuauhtémoc, 06100 Ciudad de México", category: "nature",
      },
      {
        slug: "museo-tamayo", name: "Museo Tamayo",
        summary: "Modernist concrete museum in Chapultepec with top contemporary shows.",
        description: "The building by Teodoro González de León and Abraham Zabludovsky is striking. The restaurant has a lovely terrace. Check the current exhibitions.",
        lat: 19.42650, lng: -99.18250, address: "Paseo de la Reforma 51, Bosque de Chapultepec I Secc, Miguel Hidalgo, 11580 Ciudad de México", category: "culture",
      },
      {
        slug: "angel-de-la-independencia", name: "Ángel de la Independencia",
        summary: "The golden angel on Reforma, where the city comes to celebrate.",
        description: "On Sundays Reforma closes to cars for cyclists. The monument is lit at night. It's a great photo spot.",
        lat: 19.42700, lng: -99.16770, address: "Paseo de la Reforma y Río Tíber, Juárez, Cuauhtémoc, 06600 Ciudad de México", category: "sights",
      },
      {
        slug: "torre-latinoamericana", name: "Torre Latinoamericana",
        summary: "A 1956 skyscraper with an observation deck over the Centro.",
        description: "Go up at sunset for the view over Bellas Artes. There's a museum on the history of the tower. The bar on the upper floors is a treat.",
        lat: 19.43390, lng: -99.14060, address: "Eje Central Lázaro Cárdenas 2, Centro, 06000 Ciudad de México", category: "sights",
      },
      {
        slug: "bar-la-opera", name: "Bar La Ópera",
        summary: "An ornate cantina where Pancho Villa supposedly shot a hole in the ceiling.",
        description: "Ask to see the bullet hole in the ceiling. Order a tequila and botanas. The dark wood booths are lovely.",
        lat: 19.43480, lng: -99.13980, address: "Av. 5 de Mayo 10, Centro, 06000 Ciudad de México", category: "bars",
      },
      {
        slug: "licoreria-limantour", name: "Licorería Limantour",
        summary: "Roma's celebrated cocktail bar, regularly on the world's best lists.",
        description: "Order the Margarita al Pastor. It gets busy after 9pm. The staff are friendly.",
        lat: 19.41740, lng: -99.16040, address: "Álvaro Obregón 106, Roma Norte, Cuauhtémoc, 06700 Ciudad de México", category: "bars",
      },
      {
        slug: "salon-tenampa", name: "Salón Tenampa",
        summary: "A mariachi cantina on Plaza Garibaldi since 1925.",
        description: "Request a song from a mariachi band (agree on the price first). The murals of Mexican singers are iconic. Come after 9pm.",
        lat: 19.44080, lng: -99.13930, address: "Plaza Garibaldi 12, Centro, 06010 Ciudad de México", category: "bars",
      },
      {
        slug: "museo-anahuacalli", name: "Museo Anahuacalli",
        summary: "Diego Rivera's volcanic-stone temple for his pre-Hispanic collection.",
        description: "The building itself is a work of art. The rooftop has views of the volcanoes on clear days. Your Casa Azul ticket has often included entry here, so check.",
        lat: 19.32340, lng: -99.14390, address: "Museo 150, San Pablo Tepetlapa, Coyoacán, 04620 Ciudad de México", category: "culture",
      },
      {
        slug: "biblioteca-central-unam", name: "Biblioteca Central UNAM",
        summary: "A library wrapped in Juan O'Gorman's giant stone mosaic on the UNESCO campus.",
        description: "The mosaic tells the history of Mexican culture. Explore the campus with its murals. Take Metro Line 3 to Copilco or Universidad.",
        lat: 19.33360, lng: -99.18710, address: "Escolar s/n, Ciudad Universitaria, Coyoacán, 04510 Ciudad de México", category: "architecture",
      },
      {
        slug: "palacio-nacional", name: "Palacio Nacional",
        summary: "Diego Rivera's epic murals of Mexican history on the grand staircase.",
        description: "Bring ID for entry, and check opening times, as access changes. The murals are overwhelming. The gardens are also beautiful.",
        lat: 19.43260, lng: -99.13130, address: "Plaza de la Constitución s/n, Centro, 06000 Ciudad de México", category: "culture", visibility: "premium",
      },
    ],
  },
];

export const demoArticles: DemoArticle[] = [
  {
    slug: "how-to-tapas-crawl-barcelona-and-madrid",
    type: "guides",
    title: "How to Tapas Crawl in Barcelona and Madrid",
    summary: "Two cities, two styles of eating standing up. A local's rules for ordering, timing and moving on.",
    category: "food",
    mapSlugs: ["barcelona-beyond-the-rambla", "madrid-tapas-and-paseos"],
    body: `Spain's two biggest cities both live at the bar counter, but they do it differently. Barcelona leans towards seafood, vermouth and tiny tinned treasures; Madrid towards fried cod, sherry and hearty stews served in small portions.

## The golden rules

- **Eat late, but not too late.** Aperitivo runs from around 1pm and again from 7pm. Kitchens get busy after 9pm.
- **One or two dishes per stop.** A crawl is about moving. Order a drink and a plate or two, then walk on.
- **Stand at the bar.** The counter is where the action is, and where you'll get the freshest food and the best advice.
- **Cash is not required, but patience is.** Popular places don't take bookings for the counter, so queue early.

## Barcelona: the Born and beyond

Start with house cava and anchovies at El Xampanyet, then walk a few minutes to Cal Pep and let the cooks choose. On another day, head to Barceloneta for the original *bomba* at La Cova Fumada, a lunch-only spot with no sign on the door. Finish in Poble Sec at Quimet & Quimet, where montaditos are built from tins and jars.

## Madrid: La Latina and Huertas

Sunday is the day: browse El Rastro in the morning, then work your way up Cava Baja. Order *huevos rotos* at Casa Lucio or Taberna Almendro 13, then cross to Huertas for vermouth on tap at Casa Alberto. Save La Venencia for last; it serves only sherry, your tab is chalked on the bar and photos are not allowed.

## When to stop

In Madrid, the traditional last stop is churros and chocolate at San Ginés, open late into the night. In Barcelona, a final glass of absinthe at Bar Marsella will do the same job. Either way, you'll sleep well.`,
  },
  {
    slug: "chasing-golden-hour-lisbon-miradouros",
    type: "stories",
    title: "Chasing Golden Hour Across Lisbon's Miradouros",
    summary: "Lisbon is a city of viewpoints. One evening, four hills and the light that makes it famous.",
    category: "nature",
    mapSlugs: ["lisbon-seven-hills"],
    body: `Every Lisbon local has a favourite *miradouro*, and most will argue about it over a glass of ginjinha. The city's hills mean that almost every neighbourhood has a terrace looking out over red roofs and the wide Tagus estuary.

## An evening route

I start in the late afternoon at the **Miradouro de São Pedro de Alcântara**, reached by the little yellow Glória funicular. From its two-level garden you look straight across the Baixa to the castle walls.

Next comes a tram ride. Tram 28 rattles up to Graça, and from there it's a short, steep walk to the **Miradouro da Senhora do Monte**, the highest viewpoint in the city. It faces west, so this is where I want to be when the sun starts to drop. The castle glows, the river turns silver and the 25 de Abril bridge slides into silhouette.

If there's still light, I walk down through Alfama to **Santa Luzia**, where bougainvillea frames the rooftops and tiled panels show the city before the 1755 earthquake.

## A few tips

- Wear shoes with grip. Lisbon's polished limestone pavements are slippery, especially when it rains.
- Bring something to drink. The kiosks are charming but can be slow at sunset.
- In May and June, look out for the purple jacarandas around the Largo do Carmo.

## Ending the night

After dark I head down to Chiado. A bica at A Brasileira, a bifana at O Trevo, or a cocktail at Pensão Amor, a former sailors' boarding house. Lisbon rewards slow evenings, and the best views are always the ones you had to climb for.`,
  },
  {
    slug: "museum-mornings-paris-rome-amsterdam",
    type: "collections",
    title: "Museum Mornings: Paris, Rome and Amsterdam Without the Crowds",
    summary: "Nine great museums and one simple strategy: book ahead, arrive early and start at the back.",
    category: "culture",
    mapSlugs: ["paris-left-bank-right-bank", "rome-slow-and-eternal", "amsterdam-canals-and-corners"],
    body: `Europe's great museums are busiest from late morning until mid-afternoon. The trick is to be in the door at opening, go straight to the star piece, then work backwards while everyone else queues.

## Paris

- **Musée de l'Orangerie**: arrive at opening and you may have Monet's Water Lilies rooms almost to yourself.
- **Musée d'Orsay**: start on the top floor with the Impressionists, then look out through the giant clock towards Montmartre.
- **Musée du Louvre**: use the Carrousel entrance rather than the pyramid, and consider a Friday evening visit.

## Rome

- **Galleria Borghese**: visits are timed and capped, so booking is mandatory. Bernini's Apollo and Daphne is worth the planning.
- **Musei Vaticani**: book the earliest slot and walk briskly to the Sistine Chapel first. The Raphael Rooms can wait.
- **Galleria Doria Pamphilj**: a private palace on the Corso that is rarely crowded, home to Velázquez's portrait of Innocent X.

## Amsterdam

- **Rijksmuseum**: head straight to the Gallery of Honour for the Night Watch and Vermeer's Milkmaid before the tour groups arrive.
- **Van Gogh Museum**: tickets are online only, for a time slot. Follow his work floor by floor, from the dark Nuenen paintings to the colours of Arles.
- **Anne Frank Huis**: tickets are released about six weeks ahead and go quickly.

## General advice

Book timed tickets wherever possible, check the weekly closing day (many museums close on Mondays), and plan a coffee break. A museum visit of more than three hours rarely improves. Choose a handful of rooms, look properly, and leave while you're still curious.`,
  },
  {
    slug: "a-first-weekend-in-tokyo",
    type: "guides",
    title: "A First Weekend in Tokyo, Done Gently",
    summary: "Temples at dawn, gardens at noon and tiny bars at night: a calm two-day plan for first-timers.",
    category: "sights",
    mapSlugs: ["tokyo-quiet-corners"],
    body: `Tokyo can overwhelm on a first visit. The trick is to alternate the famous and the frantic with the quiet places that locals use to recharge.

## Day one: east side

Start early at **Sensō-ji** in Asakusa, before the shops on Nakamise-dōri open. The temple grounds are peaceful at dawn. From there, take a short walk to **Kappabashi** for kitchen knives and plastic food samples.

In the afternoon, head to Ueno. Spend a couple of hours at the **Tokyo National Museum**, then walk over to **Yanaka**. The old wooden houses and temples survived both the earthquake of 1923 and the war. Have an egg sandwich at **Kayaba Coffee**, and end at the Yūyake Dandan steps above **Yanaka Ginza** at sunset.

At night, take the train to Shinjuku for yakitori at **Omoide Yokocho**, then a drink in one of the tiny bars of **Golden Gai**. Many have a cover charge posted at the door.

## Day two: west side

Begin at **Meiji Jingu** in its forest. Then walk through Harajuku and down Omotesando for lunch at **Tonkatsu Maisen**, served in a former bathhouse. The afternoon belongs to the **Nezu Museum** and its hillside garden.

As evening falls, head to **Shibuya Crossing** and watch the scramble from above, then find a seat in **Nonbei Yokocho**, a quieter alley of bars by the tracks.

## Practical notes

- Get a rechargeable IC card for trains and convenience stores.
- Many small places are cash-only, so carry some yen.
- Gardens like Hama-rikyu and Koishikawa Kōrakuen charge a small fee and close early, around 5pm.
- Trains stop around midnight; plan your last drink accordingly.`,
  },
  {
    slug: "coffee-between-the-canals",
    type: "stories",
    title: "Coffee Between the Canals",
    summary: "From brown cafés to light-roast pioneers, a slow morning in Amsterdam and Copenhagen.",
    category: "coffee",
    mapSlugs: ["amsterdam-canals-and-corners", "copenhagen-harbour-and-hygge"],
    body: `Amsterdam and Copenhagen have a lot in common: bikes, water and a serious relationship with coffee. But they get there in different ways.

## Amsterdam: old and new

Amsterdam's coffee culture was built in the *bruine kroeg*, the brown café, with its smoke-stained walls and dark wood. At **Café Hoppe** on the Spui, open since 1670, coffee gives way to beer by late afternoon. For a newer wave, I go to **Lot Sixty One** on Kinkerstraat, where the roaster is right there in the room. Then it's a short walk to the **Foodhallen** for lunch.

A slower option is a window seat at **Café de Jaren**, a grand café overlooking the Amstel, with a reading table of newspapers. Near the museums, **Back to Black** is a good break between the Rijksmuseum and the Van Gogh.

## Copenhagen: the light-roast capital

Copenhagen has become a pilgrimage site for coffee lovers. **The Coffee Collective** on Jægersborggade serves light, fruity roasts in a street full of small shops. **Atelier September**, near the King's Garden, is bright and minimalist, famous for its avocado on rye.

But in Copenhagen, coffee is always paired with a bun. The cardamom buns at **Juno the Bakery** in Østerbro sell out, so go early.

## A perfect morning

Pick up a coffee, find a bench by the water and watch the cyclists pass. In Amsterdam, try the Prinsengracht near the Westerkerk. In Copenhagen, head to the harbour at Islands Brygge, where in summer you can jump straight into the clean water. The two cities share a secret: the best coffee is the one you drink slowly.`,
  },
  {
    slug: "markets-worth-the-trip",
    type: "collections",
    title: "Markets Worth Crossing an Ocean For",
    summary: "Mexico City, New York and London through their markets: flowers, tostadas, bagels and cheese toasties.",
    category: "markets",
    mapSlugs: ["mexico-city-centro-to-coyoacan", "new-york-neighborhood-classics", "london-borough-by-borough"],
    body: `If you want to understand a city, follow its shoppers. Markets show what people eat, how they talk and what they value. Here are our favourites across three very different cities.

## Mexico City

- **Mercado de Jamaica**: a vast flower market. In late October it glows orange with marigolds for Día de Muertos.
- **Mercado de Coyoacán**: come for the seafood tostadas, stay for the piñatas. It's a short walk from the Casa Azul.
- **Mercado de San Juan**: where chefs shop for rare produce, cheeses and, for the brave, insects.

## New York

- **Essex Market**: the Lower East Side's public market, now in a modern building with a mezzanine for eating.
- **Arthur Avenue Retail Market**: the Bronx's Little Italy, for fresh mozzarella and sandwiches.
- **Chelsea Market**: in the old Nabisco factory under the High Line, busy but fun for tacos and lobster rolls.

## London

- **Borough Market**: London's oldest food market. Go on a weekday morning, and get a raclette toastie.
- **Columbia Road Flower Market**: Sunday only. Arrive early for the best selection or late for bargains.
- **Broadway Market**: Hackney's Saturday market by the canal and London Fields.

## Market tips

Bring cash and a reusable bag. Go early for the best produce and a calmer atmosphere, or late for bargains. Ask before taking photos of stallholders. And above all, eat something you've never tried before: the market is the city's kitchen, and the cooks are usually happy to explain.`,
  },
  {
    slug: "berlin-by-bike-a-modernist-loop",
    type: "guides",
    title: "Berlin by Bike: A Modernist Loop",
    summary: "A flat, half-day ride from Mies van der Rohe to Karl-Marx-Allee, with coffee and currywurst stops.",
    category: "architecture",
    mapSlugs: ["berlin-kiez-by-kiez"],
    body: `Berlin is flat, green and built for bikes, and its 20th-century architecture tells the story of a divided century. This loop takes about four hours with stops.

## The route

1. **Neue Nationalgalerie**: start at Mies van der Rohe's steel-and-glass temple, restored by David Chipperfield. Next door, the Gemäldegalerie holds Old Masters.
2. **Holocaust Memorial and Reichstag**: ride north past Potsdamer Platz to Peter Eisenman's field of stelae, then to Norman Foster's glass dome. Register online in advance to visit the dome for free.
3. **Hamburger Bahnhof**: cross the Spree to this former railway station turned contemporary art museum.
4. **Gedenkstätte Berliner Mauer**: ride along Bernauer Straße, where the death strip is preserved. Climb the viewing tower.
5. **Karl-Marx-Allee**: head east to the monumental socialist boulevard. The towers at Frankfurter Tor mark the end of the grandest stretch.
6. **Jüdisches Museum**: finish south in Kreuzberg at Daniel Libeskind's zigzag building.

## Fuel stops

- Coffee at **Bonanza Coffee Heroes** near the Mauerpark.
- A currywurst at **Konnopke's Imbiss** under the U-Bahn tracks.
- Cheesecake at **Five Elephant** in Kreuzberg.

## Practical tips

- Bike lanes are common but not everywhere. Watch for tram tracks, which can catch tyres.
- Bikes can be taken on the S-Bahn and U-Bahn with an extra ticket.
- In summer, end at **Tempelhofer Feld**, a former airport where you can ride down the old runways at sunset.`,
  },
];
