#include <iostream>
#include <string>

std::string caesar(const std::string& text, int k) {
    int shift = ((k % 26) + 26) % 26;
    std::string out;
    for (char ch : text) {
        if (ch >= 'a' && ch <= 'z') out += (char)('a' + (ch - 'a' + shift) % 26);
        else if (ch >= 'A' && ch <= 'Z') out += (char)('A' + (ch - 'A' + shift) % 26);
        else out += ch;
    }
    return out;
}

int main() {
    std::string first, text;
    std::getline(std::cin, first);
    std::getline(std::cin, text);
    std::cout << caesar(text, std::stoi(first)) << "\n";
    return 0;
}
