package arena

// OpeningPlies is openingPlies for the external tests.
const OpeningPlies = openingPlies
