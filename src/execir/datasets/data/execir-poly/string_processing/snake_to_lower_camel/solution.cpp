#include <cctype>
#include <iostream>
#include <sstream>
#include <string>

std::string toCamel(const std::string& name) {
    std::stringstream ss(name);
    std::string out, piece;
    bool first = true;
    while (std::getline(ss, piece, '_')) {
        if (piece.empty()) continue;
        for (size_t i = 0; i < piece.size(); i++) {
            bool upper = !first && i == 0;
            piece[i] = (char)(upper ? std::toupper((unsigned char)piece[i])
                                    : std::tolower((unsigned char)piece[i]));
        }
        out += piece;
        first = false;
    }
    return out;
}

int main() {
    std::string name;
    while (std::cin >> name) {
        std::cout << toCamel(name) << "\n";
    }
    return 0;
}
