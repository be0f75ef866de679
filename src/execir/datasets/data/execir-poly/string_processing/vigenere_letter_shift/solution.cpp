#include <iostream>
#include <string>

std::string vigenere(const std::string& text, const std::string& key) {
    if (key.empty()) return text;
    std::string out;
    size_t k = 0;
    for (char ch : text) {
        bool lower = ch >= 'a' && ch <= 'z', upper = ch >= 'A' && ch <= 'Z';
        if (lower || upper) {
            int shift = key[k % key.size()] - 'a';
            char base = lower ? 'a' : 'A';
            out += (char)(base + (ch - base + shift) % 26);
            k++;
        } else {
            out += ch;
        }
    }
    return out;
}

int main() {
    std::string key, text;
    std::getline(std::cin, key);
    std::getline(std::cin, text);
    std::cout << vigenere(text, key) << "\n";
    return 0;
}
