#include <iostream>
#include <string>
#include <vector>

std::vector<std::string> wrap(const std::vector<std::string>& words, size_t width) {
    std::vector<std::string> lines;
    std::string current;
    for (const std::string& word : words) {
        if (current.empty()) {
            current = word;
        } else if (current.size() + 1 + word.size() <= width) {
            current += " " + word;
        } else {
            lines.push_back(current);
            current = word;
        }
    }
    if (!current.empty()) lines.push_back(current);
    return lines;
}

int main() {
    size_t width;
    std::cin >> width;
    std::vector<std::string> words;
    for (std::string w; std::cin >> w;) words.push_back(w);
    std::vector<std::string> lines = wrap(words, width);
    if (lines.empty()) std::cout << "\n";
    for (const std::string& line : lines) std::cout << line << "\n";
    return 0;
}
