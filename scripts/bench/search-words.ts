/**
 * Word lists for the search-at-scale data set. Lists are ordered from common to
 * rare: the generator picks early entries far more often (a skewed, Zipf-like
 * draw), so full text and trigram search meet both very common and rare terms.
 */

export const FIRST_NAMES = [
  "Lucia", "Marco", "Ana", "Hugo", "Elena", "Sofia", "Mateo", "Clara", "Nina", "Pablo", "Julia", "Leo", "Marta", "Tomas", "Ines", "Rosa",
  "Pedro", "Alba", "Diego", "Laura", "Carmen", "Luca", "Giulia", "Emma", "Noah", "Olivia", "Liam", "Mia", "Oscar", "Ella", "Felix", "Ada",
  "Hana", "Kenji", "Yuki", "Aiko", "Ravi", "Priya", "Omar", "Layla", "Samir", "Amira", "Kofi", "Ama", "Lars", "Freya", "Sven", "Ingrid",
  "Mikko", "Aino", "Pierre", "Camille", "Jules", "Manon", "Anouk", "Bram", "Zofia", "Piotr", "Ivana", "Dusan", "Nikos", "Eleni", "Ayse",
  "Emre", "Dara", "Niamh", "Callum", "Isla", "Mateus", "Beatriz", "Joao", "Leonor", "Tiago", "Valentina", "Santiago", "Camila", "Thiago",
  "Ximena", "Rafferty", "Wilhelmina", "Bartholomew", "Ottoline", "Evander", "Seraphina",
];

export const LAST_NAMES = [
  "Garcia", "Rossi", "Silva", "Martin", "Costa", "Lopez", "Moreau", "Muller", "Schmidt", "Bianchi", "Ferreira", "Santos", "Dubois", "Novak",
  "Jensen", "Nielsen", "Larsen", "Kowalski", "Horvat", "Papadopoulos", "Yilmaz", "Tanaka", "Sato", "Suzuki", "Kim", "Park", "Nguyen",
  "Tran", "Sharma", "Patel", "Haddad", "Mensah", "Okafor", "Murphy", "Kelly", "Walsh", "Campbell", "Stewart", "Fischer", "Weber",
  "Becker", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "Esposito", "Delacroix", "Van Dijk", "De Vries",
  "Bakker", "Visser", "Lindqvist", "Virtanen", "Korhonen", "Oliveira", "Pereira", "Alves", "Ribeiro", "Carvalho", "Moreno", "Navarro",
  "Castellanos", "Abernathy", "Featherstonehaugh", "Quartermaine", "Zabaleta",
];

export const ADJECTIVES = [
  "Little", "Old", "Golden", "Hidden", "Blue", "Green", "Secret", "Royal", "Grand", "Cozy", "Sunny", "Quiet", "Red", "Silver", "Tiny",
  "Wild", "Lucky", "Happy", "Rustic", "Urban", "Coastal", "Lazy", "Jolly", "Humble", "Crooked", "Painted", "Velvet", "Copper", "Amber",
  "Crimson", "Hazel", "Ivory", "Jade", "Mellow", "Noble", "Olive", "Polished", "Rosy", "Salty", "Smoky", "Starry", "Twisted", "Wandering",
  "Whistling", "Windy", "Drowsy", "Gilded", "Honeyed", "Lantern", "Marbled", "Mossy", "Sleepy", "Sparrow", "Thistle", "Weathered",
  "Ochre", "Saffron", "Cerulean", "Vermilion", "Gossamer", "Halcyon", "Peregrine",
];

/** Kinds of places: the head noun of most spot names. */
export const PLACES = [
  "Cafe", "Bar", "Bakery", "Restaurant", "Bistro", "Tavern", "Market", "Gallery", "Park", "Garden", "Museum", "Bookshop", "Viewpoint",
  "Beach", "Rooftop", "Brewery", "Wine Bar", "Deli", "Trattoria", "Pizzeria", "Tapas Bar", "Taqueria", "Noodle House", "Ramen Shop",
  "Sushi Bar", "Boutique", "Vintage Store", "Record Store", "Chapel", "Cathedral", "Fountain", "Square", "Terrace", "Pier", "Harbour",
  "Lighthouse", "Hostel", "Hotel", "Spa", "Theatre", "Cinema", "Jazz Club", "Cocktail Bar", "Gelateria", "Patisserie", "Chocolatier",
  "Cheese Shop", "Fish Market", "Food Hall", "Flea Market", "Botanical Garden", "Observatory", "Monastery", "Castle", "Bathhouse",
  "Speakeasy", "Teahouse", "Izakaya", "Bodega", "Creperie", "Smokehouse", "Distillery", "Cidery", "Roastery", "Atelier", "Apothecary",
];

/** Food and drink a place is known for. */
export const FOODS = [
  "espresso", "croissants", "tapas", "pizza", "natural wine", "craft beer", "cocktails", "brunch", "gelato", "seafood", "pasta", "tacos",
  "ramen", "sushi", "dumplings", "burgers", "vermouth", "paella", "pastel de nata", "churros", "falafel", "kebab", "curry", "pho",
  "ceviche", "empanadas", "oysters", "cheesecake", "sourdough", "cinnamon buns", "matcha", "hot chocolate", "mezcal", "sake", "cider",
  "baklava", "pierogi", "arepas", "bao", "gyoza", "tiramisu", "cannoli", "bagels", "smoked fish", "octopus", "risotto", "goulash",
  "schnitzel", "fondue", "crepes", "macarons", "bratwurst", "herring", "poutine", "jerk chicken", "injera", "tagine", "biryani",
];

/** Very rare words: sprinkled into a few summaries only (tens of rows in a million). */
export const RARE = [
  "khachapuri", "sfogliatella", "okonomiyaki", "smorrebrod", "pupusas", "khinkali", "lampredotto", "francesinha", "zapiekanka",
  "bouillabaisse", "xiaolongbao", "kransekake",
];

/** Clauses for summaries; "{food}" and "{adj}" are filled in. */
export const CLAUSES = [
  "known for its {food}",
  "with a sunny terrace",
  "loved by locals",
  "hidden in a courtyard",
  "open until late",
  "with live jazz on weekends",
  "serving {food} since 1952",
  "run by a family for three generations",
  "with a view over the old town",
  "right by the water",
  "perfect for a slow breakfast",
  "with the best {food} in town",
  "tucked away down a narrow alley",
  "with a tiny garden at the back",
  "where the {food} is made every morning",
  "busy at lunchtime, calm at night",
  "with vintage furniture and good music",
  "famous for {food} and friendly staff",
  "worth the queue for the {food}",
  "with a sunset view from the rooftop",
  "in a restored {adj} warehouse",
  "next to the street art murals",
  "with outdoor tables on the square",
  "great for rainy afternoons",
  "with a small library of travel books",
  "that hosts poetry readings",
  "with an open kitchen and a wood oven",
  "on a quiet cobbled street",
  "beside the botanical garden",
  "with views of the lighthouse",
];

/** Map themes: "{City} {theme}". */
export const THEMES = [
  "coffee crawl", "food guide", "hidden gems", "rooftop bars", "street art walk", "bakeries", "wine bars", "brunch spots",
  "vintage shopping", "architecture walk", "date night", "sunset spots", "museums", "parks and gardens", "night out", "tapas tour",
  "bookshops", "markets", "live music", "family day out", "cheap eats", "fine dining", "cocktail trail", "beaches", "day trips",
  "ramen and noodles", "vegetarian eats", "design stores", "record stores", "photography spots",
];

export const STREET_TYPES = ["Street", "Avenue", "Road", "Lane", "Rua", "Carrer", "Calle", "Via", "Rue", "Strasse", "Plaza", "Gasse"];

/**
 * Destinations maps are made for (matched against the cities table by name;
 * ordered by how often they are picked).
 */
export const TRAVEL_CITIES = [
  "Barcelona", "Lisbon", "Paris", "London", "Rome", "New York City", "Tokyo", "Berlin", "Madrid", "Amsterdam", "Porto", "Copenhagen",
  "Vienna", "Prague", "Budapest", "Istanbul", "Athens", "Florence", "Venice", "Milan", "Naples", "Sevilla", "Valencia", "Bilbao",
  "Mexico City", "Buenos Aires", "Rio de Janeiro", "São Paulo", "Lima", "Bogotá", "Kyoto", "Osaka", "Seoul", "Bangkok", "Singapore",
  "Hong Kong", "Taipei", "Hanoi", "Nice", "Sydney", "Melbourne", "Auckland", "Cape Town", "Marrakesh", "Cairo", "Dubai", "Mumbai",
  "Delhi", "Stockholm", "Oslo", "Helsinki", "Reykjavík", "Dublin", "Edinburgh", "Brussels", "Zürich", "Munich", "Hamburg", "Kraków",
  "Warsaw", "Tallinn", "Riga", "Vilnius", "Dubrovnik", "Split", "Ljubljana", "Montréal", "Toronto", "Vancouver", "Chicago",
  "San Francisco", "Los Angeles", "New Orleans", "Havana", "Cartagena", "Oaxaca", "Granada", "Málaga", "Palermo", "Bologna",
];
