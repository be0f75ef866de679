#include <cctype>
#include <iostream>
#include <string>

std::string strength(const std::string& pw) {
    bool upper = false, lower = false, digit = false, symbol = false;
    for (char c : pw) {
        if (c >= 'A' && c <= 'Z') upper = true;
        else if (c >= 'a' && c <= 'z') lower = true;
        else if (c >= '0' && c <= '9') digit = true;
        else if (c != ' ') symbol = true;
    }
    int points = (pw.size() >= 12) + (upper && lower) + digit + symbol;
    if (points <= 1) return "weak";
    if (points <= 3) return "medium";
    return "strong";
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << strength(line) << "\n";
    }
    return 0;
}
