#include <iostream>
#include <string>

std::string encode(const std::string& text) {
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        size_t j = i;
        while (j < text.size() && text[j] == text[i]) j++;
        out += text[i];
        out += std::to_string(j - i);
        i = j;
    }
    return out;
}

int main() {
    std::string line;
    std::getline(std::cin, line);
    std::cout << encode(line) << "\n";
    return 0;
}
