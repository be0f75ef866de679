#include <iostream>
#include <sstream>
#include <string>

std::string abbreviate(const std::string& text, size_t limit) {
    std::istringstream in(text);
    std::string word, out;
    while (in >> word) {
        if (!out.empty()) out += " ";
        if (word.size() > limit) {
            out += word.front() + std::to_string(word.size() - 2) + word.back();
        } else {
            out += word;
        }
    }
    return out;
}

int main() {
    std::string first, text;
    std::getline(std::cin, first);
    std::getline(std::cin, text);
    std::cout << abbreviate(text, std::stoul(first)) << "\n";
    return 0;
}
