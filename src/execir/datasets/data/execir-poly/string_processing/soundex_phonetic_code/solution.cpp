#include <cctype>
#include <iostream>
#include <string>

char codeOf(char ch) {
    static const std::string groups[] = {"bfpv", "cgjkqsxz", "dt", "l", "mn", "r"};
    for (int i = 0; i < 6; i++) {
        if (groups[i].find(ch) != std::string::npos) return (char)('1' + i);
    }
    return 0;
}

std::string soundex(std::string word) {
    for (char& c : word) c = (char)std::tolower((unsigned char)c);
    std::string out(1, (char)std::toupper((unsigned char)word[0]));
    char prev = codeOf(word[0]);
    for (size_t i = 1; i < word.size(); i++) {
        char digit = codeOf(word[i]);
        if (digit && digit != prev) out += digit;
        if (word[i] != 'h' && word[i] != 'w') prev = digit;
    }
    return (out + "000").substr(0, 4);
}

int main() {
    std::string word;
    while (std::cin >> word) std::cout << soundex(word) << "\n";
    return 0;
}
